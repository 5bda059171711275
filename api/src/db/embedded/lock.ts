/**
 * A lock file beside the embedded database: two processes on one PGlite directory silently lose writes.
 *
 * The file names its owner well enough to tell a live owner from a stranger that got the same pid later (PID reuse):
 * host name, pid, and (Linux) the process start time in clock ticks since boot plus the boot id. A lock of a dead
 * process, of a previous boot, or of a pid now running something else is stale and taken over; a live owner, or an
 * owner on another host (a data directory on shared storage), is an error the operator must resolve.
 *
 * Format (text, so a human can read it, and the first line alone is the old format: a pid):
 *
 *   12345
 *   host=shop-1
 *   boot_id=24583306-db7c-48e9-8fe7-f745d3a9941b
 *   start_ticks=49372
 *   started_at=2026-11-26T14:47:16.000Z
 *   data_dir=/srv/shop/.data
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
    readonly ownerHost?: string,
  ) {
    super(
      ownerHost === undefined
        ? `The data directory is in use by process ${ownerPid} (lock file ${lockPath}). ` +
            'Stop that process, or point DATA_DIR at another directory.'
        : `The data directory is in use by process ${ownerPid} on host ${ownerHost} (lock file ${lockPath}). ` +
            `Stop the shop on ${ownerHost}, or point DATA_DIR at another directory. If no shop runs there any more ` +
            '(a replaced machine or container), delete the lock file.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  readonly path: string;
  release(): void;
}

/** What a lock file says about its owner. Only `pid` is certain: old lock files hold nothing else. */
export interface LockRecord {
  pid: number;
  host?: string;
  bootId?: string;
  /** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
  startTicks?: number;
  startedAt?: string;
  dataDir?: string;
}

/** What this host says now about the recorded owner. */
export interface LockObservation {
  host: string;
  /** Null where the system does not tell (not Linux). */
  bootId: string | null;
  ownPid: number;
  /** This process holds the lock already (a second open in one process). */
  heldHere: boolean;
  /** The recorded pid names a live process. */
  ownerAlive: boolean;
  /** Start time of the process now under the recorded pid; null when unknown or dead. */
  ownerStartTicks: number | null;
}

export type LockVerdict =
  | { take: true; why: 'unreadable' | 'dead' | 'rebooted' | 'pid-reused' | 'own-pid-earlier-run' }
  | { take: false; why: 'held' | 'held-here' | 'other-host' };

/** The decision on an existing lock file: take it over (stale) or refuse the start. */
export function judgeLock(record: LockRecord | null, now: LockObservation): LockVerdict {
  // Half-written or garbage: its writer died between open and write (and a new lock is never half-written: link).
  if (record === null) return { take: true, why: 'unreadable' };
  // Another host's processes cannot be seen from here: only the operator can say that lock is stale.
  if (record.host !== undefined && record.host !== now.host) return { take: false, why: 'other-host' };
  if (record.pid === now.ownPid && now.heldHere) return { take: false, why: 'held-here' };
  // Clock ticks count from boot: after a reboot every recorded process is gone, whatever runs under its pid now.
  if (record.bootId !== undefined && now.bootId !== null && record.bootId !== now.bootId) return { take: true, why: 'rebooted' };
  // Our own pid without holding the lock: a previous run under the same pid (containers start at pid 1).
  if (record.pid === now.ownPid) return { take: true, why: 'own-pid-earlier-run' };
  if (!now.ownerAlive) return { take: true, why: 'dead' };
  if (record.startTicks !== undefined && now.ownerStartTicks !== null && record.startTicks !== now.ownerStartTicks) {
    return { take: true, why: 'pid-reused' };
  }
  // Alive with the recorded start time, or an old lock (a pid alone) whose pid is alive: as before, refuse.
  return { take: false, why: 'held' };
}

export function formatLockRecord(record: LockRecord): string {
  const lines = [String(record.pid)];
  if (record.host !== undefined) lines.push(`host=${record.host}`);
  if (record.bootId !== undefined) lines.push(`boot_id=${record.bootId}`);
  if (record.startTicks !== undefined) lines.push(`start_ticks=${record.startTicks}`);
  if (record.startedAt !== undefined) lines.push(`started_at=${record.startedAt}`);
  if (record.dataDir !== undefined) lines.push(`data_dir=${record.dataDir}`);
  return `${lines.join('\n')}\n`;
}

/** Reads both formats (a pid alone, or a pid and key=value lines); null for anything without a pid first. */
export function parseLockRecord(text: string): LockRecord | null {
  const [first = '', ...rest] = text.split('\n');
  if (!/^\s*\d+\s*$/.test(first)) return null;
  const pid = Number(first.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  const record: LockRecord = { pid };
  for (const line of rest) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line.slice(0, at);
    const value = line.slice(at + 1).trim();
    if (key === 'host' && value) record.host = value;
    else if (key === 'boot_id' && value) record.bootId = value;
    else if (key === 'start_ticks' && /^\d+$/.test(value)) record.startTicks = Number(value);
    else if (key === 'started_at' && value) record.startedAt = value;
    else if (key === 'data_dir' && value) record.dataDir = value;
  }
  return record;
}

/** True when a process with this pid exists (EPERM means it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: the start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat); null elsewhere. */
export function processStartTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces and parentheses: count after the last.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[22 - 3]);
    return Number.isSafeInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/** Linux: this boot's id; null elsewhere. */
export function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function readRecord(file: string): { text: string; record: LockRecord | null } | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return { text, record: parseLockRecord(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** This process as a lock file records it. */
function ownRecord(lockPath: string, pid: number): LockRecord {
  const ticks = pid === process.pid ? processStartTicks(pid) : null;
  const boot = bootId();
  return {
    pid,
    host: os.hostname(),
    ...(boot === null ? {} : { bootId: boot }),
    ...(ticks === null ? {} : { startTicks: ticks }),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    dataDir: path.dirname(lockPath),
  };
}

/**
 * Creates the lock file only if there is none, complete or not at all: written to a private file first and then
 * hard-linked into place (link fails with EEXIST like O_EXCL), so a competitor never reads a half-written lock.
 */
function createExclusive(lockPath: string, text: string): boolean {
  const draft = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2)}.new`;
  fs.writeFileSync(draft, text, { flag: 'wx' });
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** A takeover guard older than this was left by a start that died mid-takeover (a takeover takes microseconds). */
const TAKEOVER_GUARD_STALE_MS = 10_000;

/** Blocks this thread for `ms` (acquireLock is synchronous; a competing takeover ends within microseconds). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the stale lock `seen`, unless another start replaced it meanwhile. Only the holder of the takeover guard
 * (`<lock>.takeover`, created exclusively like the lock) may remove a lock, and it removes it only while it still
 * reads `seen`: no other start can remove a lock in between, and a new lock cannot appear while the stale one is
 * still there. (Moving the lock aside and putting back one that was not stale left a moment without a lock, in
 * which a third start could win beside the one whose lock was moved.) Returns false when another start holds the
 * guard: the caller judges the lock afresh.
 */
function removeStale(lockPath: string, seen: string, pid: number): boolean {
  const guard = `${lockPath}.takeover`;
  if (!createExclusive(guard, `${pid}\n`)) {
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > TAKEOVER_GUARD_STALE_MS) fs.rmSync(guard, { force: true });
    } catch {
      // Gone meanwhile: the next attempt takes it.
    }
    return false;
  }
  try {
    if (readRecord(lockPath)?.text === seen) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
  return true;
}

const TAKE_OVER_REASON: Record<Extract<LockVerdict, { take: true }>['why'], string> = {
  unreadable: 'it is unreadable (its writer died while writing it)',
  dead: 'its process is gone',
  rebooted: 'it is from before the last boot',
  'pid-reused': 'its pid now belongs to another process (started later)',
  'own-pid-earlier-run': 'it is from an earlier run under this same pid',
};

/** Locks this process holds: a lock file naming our own pid is ours only if it is in here. */
const heldHere = new Set<string>();

export interface AcquireOptions {
  pid?: number;
  log?: (message: string) => void;
}

export function acquireLock(lockPath: string, options: AcquireOptions = {}): DirLock {
  const pid = options.pid ?? process.pid;
  const log = options.log ?? ((message: string) => console.log(`[db] ${message}`));
  const ours = formatLockRecord(ownRecord(lockPath, pid));
  if (heldHere.has(lockPath)) throw new DataDirLockedError(lockPath, pid);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (createExclusive(lockPath, ours)) {
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        // Only remove the file while it is still ours (a takeover after a hang must not be undone).
        if (readRecord(lockPath)?.text === ours) fs.rmSync(lockPath, { force: true });
      };
      // Also on process.exit (a force exit after a hung shutdown): a lock left behind would block the next start.
      process.once('exit', release);
      return {
        path: lockPath,
        release: () => {
          process.removeListener('exit', release);
          release();
        },
      };
    }
    const existing = readRecord(lockPath);
    if (existing === null) continue; // removed meanwhile: try again
    const owner = existing.record;
    const verdict = judgeLock(owner, {
      host: os.hostname(),
      bootId: bootId(),
      ownPid: pid,
      heldHere: heldHere.has(lockPath),
      ownerAlive: owner !== null && isProcessAlive(owner.pid),
      ownerStartTicks: owner === null ? null : processStartTicks(owner.pid),
    });
    if (!verdict.take) {
      throw new DataDirLockedError(lockPath, owner?.pid ?? pid, verdict.why === 'other-host' ? owner?.host : undefined);
    }
    if (!removeStale(lockPath, existing.text, pid)) {
      pause(5);
      continue;
    }
    log(`taking over the stale lock file ${lockPath} of process ${owner?.pid ?? '?'}: ${TAKE_OVER_REASON[verdict.why]}`);
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}
