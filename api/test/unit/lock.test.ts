import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError, isProcessAlive } from '../../src/db/embedded/lock.js';

const dirs: string[] = [];
const tempLock = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite.lock');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data directory lock', () => {
  it('writes our pid and removes the file on release', () => {
    const file = tempLock();
    const lock = acquireLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses a lock held by a live process, naming it', () => {
    const file = tempLock();
    fs.writeFileSync(file, `${process.ppid}\n`);
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    expect(() => acquireLock(file)).toThrow(new RegExp(`process ${process.ppid}`));
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a stale lock of a dead process, and a half-written one', () => {
    const file = tempLock();
    const pid = deadPid();
    expect(isProcessAlive(pid)).toBe(false);
    fs.writeFileSync(file, `${pid}\n`);
    acquireLock(file).release();
    fs.writeFileSync(file, '');
    const lock = acquireLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock that another process took over meanwhile', () => {
    const file = tempLock();
    const lock = acquireLock(file);
    fs.writeFileSync(file, `${process.ppid}\n`);
    lock.release();
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe('data directory lock within one process', () => {
  it('takes over a lock naming our own pid that we do not hold (a previous run under the same pid)', () => {
    const file = tempLock();
    fs.writeFileSync(file, `${process.pid}\n`);
    const lock = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
