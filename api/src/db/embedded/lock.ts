/**
 * A pid lock file beside the embedded database: two processes on one PGlite directory silently lose writes.
 * A lock left behind by a dead process is taken over; a live owner is an error the operator must resolve.
 */
import fs from 'node:fs';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory is in use by process ${ownerPid} (lock file ${lockPath}). ` +
        'Stop that process, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  readonly path: string;
  release(): void;
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

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isNaN(pid) ? null : pid;
  } catch {
    return null;
  }
}

/** Locks this process holds: a lock file naming our own pid is ours only if it is in here. */
const heldHere = new Set<string>();

export function acquireLock(lockPath: string, pid: number = process.pid): DirLock {
  if (heldHere.has(lockPath)) throw new DataDirLockedError(lockPath, pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${pid}\n`, { flag: 'wx' });
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        // Only remove the file while it is still ours (a takeover after a hang must not be undone).
        if (readOwner(lockPath) === pid) fs.rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return {
        path: lockPath,
        release: () => {
          process.removeListener('exit', release);
          release();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      // A half-written lock (owner null) is treated like a stale one: its writer died between open and write.
      // Our own pid without holding the lock means a previous run under the same pid (containers start at pid 1).
      if (owner !== null && owner !== pid && isProcessAlive(owner)) throw new DataDirLockedError(lockPath, owner);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}
