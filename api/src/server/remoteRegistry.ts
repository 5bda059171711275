/**
 * The run-time remote registry (/remotes.json and the page's copy of it). With REMOTES_FILE the registry follows the
 * file while the shop runs: a team deploys its remote alone by pointing its entry at the new build, with no restart of
 * the shell's server (issue 22). Everything that reads the registry calls a `RemoteRegistry` per use instead of
 * keeping the object it got at start-up.
 */
import fs from 'node:fs';
import { ConfigError, parseRemotes, type RemotesConfig } from '../config.js';

/** The registry as it is now. Cheap to call per request. */
export type RemoteRegistry = () => RemotesConfig;

/** A fixed registry (REMOTES_JSON, the default, tests) or a live one. */
export function remoteRegistry(remotes: RemotesConfig | RemoteRegistry): RemoteRegistry {
  return typeof remotes === 'function' ? remotes : () => remotes;
}

/** What identifies one version of the file; any change means "read it again". */
export interface FileVersion {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

export interface RemotesFileOptions {
  /** Absolute path of the registry file. */
  file: string;
  /** The registry read at start-up (loadConfig validated it): served until the file says otherwise. */
  initial: RemotesConfig;
  /** How often at most the file is looked at (default 1 s): a stat per second, whatever the traffic. */
  checkEveryMs?: number;
  log: { info(message: string): void; warn(message: string): void };
  now?: () => number;
  /** The file's version, or null when it cannot be read (gone, no access). */
  version?: (file: string) => FileVersion | null;
  readFile?: (file: string) => string;
}

function statVersion(file: string): FileVersion | null {
  try {
    const { mtimeMs, ctimeMs, size, ino } = fs.statSync(file);
    return { mtimeMs, ctimeMs, size, ino };
  } catch {
    return null;
  }
}

const sameVersion = (a: FileVersion | null, b: FileVersion | null) =>
  a === b || (a !== null && b !== null && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino);

/**
 * A registry that follows REMOTES_FILE. Checked when asked, at most every `checkEveryMs` (no timer or watcher to
 * leak; fs.watch misses an editor's rename-over and is unreliable on network file systems). A new version of the file
 * is read once; if it is not a valid registry (half written, a typo, deleted) the last good registry stays in
 * service and the reason is logged once per version.
 */
export function remotesFileRegistry(options: RemotesFileOptions): RemoteRegistry {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const now = options.now ?? Date.now;
  const version = options.version ?? statVersion;
  const readFile = options.readFile ?? ((file: string) => fs.readFileSync(file, 'utf8'));
  let current = options.initial;
  // Unknown at first: the file may have changed between loadConfig's read and now, so the first look reads it.
  let seen: FileVersion | null | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  const reload = (next: FileVersion | null) => {
    if (next === null) {
      options.log.warn(`REMOTES_FILE ${options.file} cannot be read; the remote registry stays as it was`);
      return;
    }
    let remotes: RemotesConfig;
    try {
      remotes = parseRemotes(readFile(options.file), `REMOTES_FILE ${options.file}`);
    } catch (error) {
      const reason = error instanceof ConfigError ? error.message : `REMOTES_FILE ${options.file} cannot be read: ${(error as Error).message}`;
      options.log.warn(`${reason}; the remote registry stays as it was`);
      return;
    }
    if (JSON.stringify(remotes) !== JSON.stringify(current)) {
      options.log.info(`remote registry changed (REMOTES_FILE ${options.file}): ${JSON.stringify(remotes)}`);
    }
    current = remotes;
  };

  return () => {
    const at = now();
    if (at - checkedAt < checkEveryMs) return current;
    checkedAt = at;
    const next = version(options.file);
    if (seen === undefined || !sameVersion(seen, next)) {
      seen = next;
      reload(next);
    }
    return current;
  };
}
