import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireLock,
  bootId,
  DataDirLockedError,
  formatLockRecord,
  isProcessAlive,
  judgeLock,
  parseLockRecord,
  processStartTicks,
  type LockObservation,
  type LockRecord,
} from '../../src/db/embedded/lock.js';
import { REPO_ROOT } from '../../src/config.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempLock = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite.lock');
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** A live process that is not the shop (what a reused pid runs). */
function stranger(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

const quiet = { log: () => {} };
const ownerOf = (file: string) => parseLockRecord(fs.readFileSync(file, 'utf8'));

describe('lock decision (judgeLock)', () => {
  const here: LockObservation = {
    host: 'shop-1',
    bootId: 'boot-a',
    ownPid: 100,
    heldHere: false,
    ownerAlive: true,
    ownerStartTicks: 5000,
  };
  const full: LockRecord = { pid: 200, host: 'shop-1', bootId: 'boot-a', startTicks: 5000 };
  const cases: Array<[string, LockRecord | null, Partial<LockObservation>, boolean, string]> = [
    ['live owner, same start time and boot', full, {}, false, 'held'],
    ['owner gone', full, { ownerAlive: false, ownerStartTicks: null }, true, 'dead'],
    ['pid alive but started at another time (PID reuse)', full, { ownerStartTicks: 7777 }, true, 'pid-reused'],
    ['lock from before a reboot', full, { bootId: 'boot-b' }, true, 'rebooted'],
    ['lock from before a reboot, pid alive with the same ticks by chance', full, { bootId: 'boot-b' }, true, 'rebooted'],
    ['another host, its pid dead here', full, { host: 'shop-2', ownerAlive: false }, false, 'other-host'],
    ['another host, its pid alive here with other ticks', full, { host: 'shop-2', ownerStartTicks: 1 }, false, 'other-host'],
    ['half-written or garbage', null, {}, true, 'unreadable'],
    ['our pid, not held by us: an earlier run under the same pid', { ...full, pid: 100 }, {}, true, 'own-pid-earlier-run'],
    ['our pid, held by us: a second open in this process', { ...full, pid: 100 }, { heldHere: true }, false, 'held-here'],
    ['old format (a pid), alive', { pid: 200 }, {}, false, 'held'],
    ['old format (a pid), dead', { pid: 200 }, { ownerAlive: false, ownerStartTicks: null }, true, 'dead'],
    ['no start time known here (not Linux), alive', full, { bootId: null, ownerStartTicks: null }, false, 'held'],
    ['no start time recorded (written elsewhere), alive', { pid: 200, host: 'shop-1' }, {}, false, 'held'],
    ['no boot id here, pid reused', full, { bootId: null, ownerStartTicks: 9 }, true, 'pid-reused'],
  ];
  it.each(cases)('%s', (_name, record, observed, take, why) => {
    expect(judgeLock(record, { ...here, ...observed })).toEqual({ take, why });
  });
});

describe('lock file format', () => {
  it('writes the pid first (what old versions read) and reads both formats back', () => {
    const record: LockRecord = {
      pid: 4242,
      host: 'shop-1',
      bootId: '24583306-db7c-48e9-8fe7-f745d3a9941b',
      startTicks: 49372,
      startedAt: '2026-11-26T14:47:16.000Z',
      dataDir: '/srv/shop/.data',
    };
    const text = formatLockRecord(record);
    expect(Number.parseInt(text, 10)).toBe(4242);
    expect(parseLockRecord(text)).toEqual(record);
    expect(parseLockRecord('4242\n')).toEqual({ pid: 4242 });
    expect(parseLockRecord('4242')).toEqual({ pid: 4242 });
  });

  it.each(['', '\n', 'abc\n', '-5\n', '0\n', 'host=x\n12\n', '99999999999999999999\n'])('reads %j as unreadable', (text) => {
    expect(parseLockRecord(text)).toBeNull();
  });

  it('ignores unknown and malformed fields', () => {
    expect(parseLockRecord('12\nstart_ticks=soon\ncolour=blue\nhost=\n=x\n')).toEqual({ pid: 12 });
  });

  it.runIf(process.platform === 'linux')('reads a process start time and the boot id from /proc', () => {
    const ticks = processStartTicks(process.pid);
    expect(ticks).toBeGreaterThan(0);
    expect(processStartTicks(process.pid)).toBe(ticks);
    expect(processStartTicks(deadPid())).toBeNull();
    // A process started later has a later (or, within one tick, equal) start time.
    expect(processStartTicks(stranger())!).toBeGreaterThanOrEqual(ticks!);
    expect(bootId()).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('data directory lock', () => {
  it('records host, pid, start time, boot and directory, and removes the file on release', () => {
    const file = tempLock();
    const lock = acquireLock(file, quiet);
    const record = ownerOf(file)!;
    expect(record.pid).toBe(process.pid);
    expect(record.host).toBe(os.hostname());
    expect(record.dataDir).toBe(path.dirname(file));
    expect(Date.parse(record.startedAt!)).toBeLessThanOrEqual(Date.now());
    if (process.platform === 'linux') {
      expect(record.startTicks).toBe(processStartTicks(process.pid));
      expect(record.bootId).toBe(bootId());
    }
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });

  it('refuses a lock held by a live process, naming it (old format: a pid alone)', () => {
    const file = tempLock();
    fs.writeFileSync(file, `${process.ppid}\n`);
    expect(() => acquireLock(file, quiet)).toThrow(DataDirLockedError);
    expect(() => acquireLock(file, quiet)).toThrow(new RegExp(`process ${process.ppid}`));
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.ppid));
  });

  it.runIf(process.platform === 'linux')('refuses a lock whose live owner has the recorded start time and boot', () => {
    const file = tempLock();
    const pid = stranger();
    const text = formatLockRecord({ pid, host: os.hostname(), bootId: bootId()!, startTicks: processStartTicks(pid)! });
    fs.writeFileSync(file, text);
    expect(() => acquireLock(file, quiet)).toThrow(new RegExp(`process ${pid} \\(lock file`));
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now runs another process (PID reuse), saying so', () => {
    const file = tempLock();
    const pid = stranger();
    fs.writeFileSync(file, formatLockRecord({ pid, host: os.hostname(), bootId: bootId()!, startTicks: processStartTicks(pid)! - 1 }));
    const lines: string[] = [];
    const lock = acquireLock(file, { log: (line) => lines.push(line) });
    expect(ownerOf(file)!.pid).toBe(process.pid);
    expect(lines.join('\n')).toMatch(new RegExp(`stale lock file .* of process ${pid}: its pid now belongs to another process`));
    lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over a lock from before the last boot', () => {
    const file = tempLock();
    const pid = stranger();
    fs.writeFileSync(file, formatLockRecord({ pid, host: os.hostname(), bootId: 'an-earlier-boot', startTicks: processStartTicks(pid)! }));
    acquireLock(file, quiet).release();
  });

  it('refuses a lock of another host, telling the operator what to check', () => {
    const file = tempLock();
    fs.writeFileSync(file, formatLockRecord({ pid: deadPid(), host: 'another-host.example', startTicks: 1 }));
    expect(() => acquireLock(file, quiet)).toThrow(DataDirLockedError);
    expect(() => acquireLock(file, quiet)).toThrow(/on host another-host\.example .*Stop the shop on another-host\.example.*delete the lock file/);
  });

  it('takes over a stale lock of a dead process, and a half-written one', () => {
    const file = tempLock();
    const pid = deadPid();
    expect(isProcessAlive(pid)).toBe(false);
    fs.writeFileSync(file, `${pid}\n`);
    acquireLock(file, quiet).release();
    fs.writeFileSync(file, '');
    const lock = acquireLock(file, quiet);
    expect(ownerOf(file)!.pid).toBe(process.pid);
    lock.release();
  });

  it('does not remove a lock that another process took over meanwhile', () => {
    const file = tempLock();
    const lock = acquireLock(file, quiet);
    fs.writeFileSync(file, `${process.ppid}\n`);
    lock.release();
    expect(fs.existsSync(file)).toBe(true);
  });

  it('is removed on process exit when the process exits without releasing it (a force exit)', () => {
    const file = tempLock();
    const script = `import { acquireLock } from './api/src/db/embedded/lock.ts';
      acquireLock(${JSON.stringify(file)}, { log() {} }); process.exit(1);`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT });
    expect(result.status, result.stderr.toString()).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('data directory lock within one process', () => {
  it('takes over a lock naming our own pid that we do not hold (a previous run under the same pid)', () => {
    const file = tempLock();
    fs.writeFileSync(file, `${process.pid}\n`);
    const lock = acquireLock(file, quiet);
    expect(() => acquireLock(file, quiet)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('data directory lock between processes starting at once', () => {
  /**
   * Starts `count` processes that each try to take the lock at the same moment; the winner holds it until every one
   * has answered. Each says when it is loaded and then waits, idle, for the start signal: an instant just ahead,
   * given to all of them at once, until which each spins so they all try in the same instant (a slow machine delays
   * the signal, never the race). Returns what each said after 'ready'.
   */
  async function race(file: string, count: number): Promise<string[]> {
    const script = `import { once } from 'node:events';
      import { acquireLock } from './api/src/db/embedded/lock.ts';
      console.log('ready');
      const at = Number(String((await once(process.stdin, 'data'))[0]));
      while (Date.now() < at) {}
      try { acquireLock(${JSON.stringify(file)}, { log() {} }); console.log('won'); }
      catch (error) { console.log(error.name); }
      process.stdin.resume(); // the winner holds the lock until the test closes stdin, then exits (which releases it)`;
    const runs = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT });
      children.push(child);
      child.stdin.on('error', () => {}); // a child that died early: its output says why
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      /** Resolves once the child has written `lines` whole lines (or has ended). */
      const said = (lines: number) =>
        Promise.race([
          closed,
          new Promise<void>((resolve) => {
            const check = () => out.split('\n').length > lines && resolve();
            child.stdout.on('data', check);
            check();
          }),
        ]);
      return { child, said, closed, answer: () => `${out.replace(/^ready\n/, '')}${err}`.trim() };
    });
    await Promise.all(runs.map((run) => run.said(1)));
    const at = Date.now() + 50;
    for (const { child } of runs) child.stdin.write(`${at}\n`);
    await Promise.all(runs.map((run) => run.said(2)));
    for (const { child } of runs) child.stdin.end();
    await Promise.all(runs.map((run) => run.closed));
    return runs.map((run) => run.answer());
  }

  it('lets exactly one of several starts win, on a free directory and over a stale lock', async () => {
    const file = tempLock();
    const fresh = await race(file, 4);
    expect(fresh.filter((r) => r === 'won'), fresh.join('\n')).toHaveLength(1);
    expect(fresh.filter((r) => r === 'DataDirLockedError')).toHaveLength(3);

    fs.writeFileSync(file, `${deadPid()}\n`);
    const stale = await race(file, 4);
    expect(stale.filter((r) => r === 'won'), stale.join('\n')).toHaveLength(1);
    expect(stale.filter((r) => r === 'DataDirLockedError')).toHaveLength(3);
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  }, 60_000);
});
