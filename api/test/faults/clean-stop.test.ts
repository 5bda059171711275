/**
 * Fault suite (issue 18): stopping the shop the way systemd and `kill -- -PGID` do, a SIGTERM to every process of
 * `npm start`'s process group at once. Each stop is clean: exit 0, no process left, no `pglite.lock` left (before:
 * 3 of 4 stops left one). A second signal during the shutdown changes nothing. A lock naming a live process that is
 * not the shop (its pid reused) does not block the next start, while one naming a live shop does.
 * (Runs on the embedded database only: the lock and the PGlite worker are what is tested.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeShellTree } from '../accounts/browser.js';
import { migratedDataDir } from '../support/dataDir.js';
import { exited, signalGroup, startNpmStart, waitHealthy, type ApiProcess } from '../support/process.js';

// Already migrated: every start here is a later start (the first start on an empty directory: test/db/embedded.test.ts).
const dataDir = migratedDataDir('shop-stop-');
const lockFile = path.join(dataDir, 'pglite.lock');
const staticRoot = makeShellTree();
// LOG_LEVEL info: the shutdown's messages are what some of these tests read.
const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_ARTICLES: '40', STATIC_ROOT: staticRoot, LOG_LEVEL: 'info' };
const running: ApiProcess[] = [];
const strangers: ChildProcess[] = [];

afterEach(() => {
  for (const api of running.splice(0)) signalGroup(api, 'SIGKILL');
  for (const child of strangers.splice(0)) child.kill('SIGKILL');
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(staticRoot, { recursive: true, force: true });
});

async function start(): Promise<ApiProcess> {
  const api = await startNpmStart(env);
  running.push(api);
  await waitHealthy(api);
  return api;
}

async function waitForLog(api: ApiProcess, pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(api.log())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${api.log()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** After the group leader exits, every process of the group is gone within a moment (none left closing the data). */
async function expectGroupGone(api: ApiProcess): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (signalGroup(api, 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(signalGroup(api, 0), `processes left in the group:\n${api.log()}`).toBe(false);
}

/** Linux: field 22 of /proc/<pid>/stat, the start time in clock ticks since boot (read here, not with the code under test). */
function startTicksOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe.runIf(process.platform === 'linux')('stopping npm start with a SIGTERM to its process group', () => {
  it('stops cleanly four times in a row: exit 0, nothing left running, no lock file', async () => {
    for (let run = 1; run <= 4; run += 1) {
      const api = await start();
      expect(fs.existsSync(lockFile)).toBe(true);
      const exit = exited(api);
      signalGroup(api, 'SIGTERM');
      expect(await exit, `run ${run}:\n${api.log()}`).toEqual({ code: 0, signal: null });
      await expectGroupGone(api);
      expect(fs.existsSync(lockFile), `run ${run} left the lock:\n${api.log()}`).toBe(false);
      expect(api.log()).toContain('"msg":"SIGTERM: shutting down"');
      expect(api.log()).not.toMatch(/npm error|start-up failed/);
    }
  }, 240_000);

  it('ignores further signals during the shutdown and still ends cleanly', async () => {
    const api = await start();
    const exit = exited(api);
    signalGroup(api, 'SIGTERM');
    await waitForLog(api, /SIGTERM: shutting down/);
    signalGroup(api, 'SIGTERM');
    signalGroup(api, 'SIGINT');
    signalGroup(api, 'SIGTERM');
    expect(await exit, api.log()).toEqual({ code: 0, signal: null });
    await expectGroupGone(api);
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(api.log()).toMatch(/already shutting down, ignored/);
    expect(api.log()).not.toMatch(/npm error|start-up failed/);
  }, 120_000);

  it('starts over a lock whose pid now belongs to another live process (PID reuse), and refuses one naming a live shop', async () => {
    const sleeper = spawn('sleep', ['120'], { stdio: 'ignore' });
    strangers.push(sleeper);
    const pid = sleeper.pid!;
    const lockOf = (ticks: number) =>
      `${pid}\nhost=${os.hostname()}\nboot_id=${bootId()}\nstart_ticks=${ticks}\nstarted_at=2026-01-01T00:00:00.000Z\ndata_dir=${dataDir}\n`;

    // The shop that wrote this lock started one tick before the process that has its pid now.
    fs.writeFileSync(lockFile, lockOf(startTicksOf(pid) - 1));
    const api = await start();
    expect(api.log()).toMatch(new RegExp(`taking over the stale lock file .* of process ${pid}`));
    const exit = exited(api);
    signalGroup(api, 'SIGTERM');
    expect(await exit, api.log()).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile)).toBe(false);

    // The same pid with its own start time is the live owner: the start is refused and the lock left alone.
    const held = lockOf(startTicksOf(pid));
    fs.writeFileSync(lockFile, held);
    const refused = await startNpmStart(env);
    running.push(refused);
    expect((await exited(refused)).code, refused.log()).not.toBe(0);
    expect(refused.log()).toContain(`The data directory is in use by process ${pid}`);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(held);
    fs.rmSync(lockFile);
  }, 120_000);
});
