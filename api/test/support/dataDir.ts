/**
 * Data directories for the API processes and CLIs a test starts, laid out as `npm start` keeps them (`<DATA_DIR>/pgdata`,
 * the lock file beside it), already migrated: the run's migrated PGlite dump (global-setup.ts) unpacked into `pgdata`.
 * A process started on it finds every migration applied and goes on as on any later start (seeding an empty catalogue),
 * instead of running initdb and the 21 migrations first: on a loaded two-core machine that first start took most of a
 * minute per test file. For tests that are not about the first start; that one (a fresh, empty directory) is tested in
 * test/db/embedded.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** A new directory under the system's temporary folder holding the run's migrated database. */
export function migratedDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  // No template (global-setup.ts could not make one): the first start makes the database itself, only slower.
  if (template) unpackTar(fs.readFileSync(template), path.join(dir, 'pgdata'));
  return dir;
}

/**
 * Unpacks the plain ustar archive PGlite's `dumpDataDir('none')` writes (directories and regular files, names relative
 * to the data directory with a leading slash) into `target`.
 */
export function unpackTar(tar: Buffer, target: string): void {
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  const text = (from: number, length: number) => {
    const field = tar.subarray(from, from + length);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const octal = (from: number, length: number) => Number.parseInt(text(from, length).trim() || '0', 8);
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (!name) break; // the two empty blocks that end the archive
    const prefix = tar.subarray(at + 257, at + 262).toString('latin1') === 'ustar' ? text(at + 345, 155) : '';
    const relative = path.posix.normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^\/+/, '');
    const file = path.join(target, ...relative.split('/'));
    if (relative.startsWith('..') || !file.startsWith(target)) throw new Error(`tar entry outside the target: ${name}`);
    const mode = octal(at + 100, 8) & 0o777;
    const size = octal(at + 124, 12);
    const type = String.fromCharCode(tar[at + 156]!);
    at += 512;
    if (type === '5') {
      fs.mkdirSync(file, { recursive: true, mode: mode || 0o700 });
    } else if (type === '0' || type === '\0') {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, tar.subarray(at, at + size), { mode: mode || 0o600 });
    } else {
      throw new Error(`tar entry of a type this reader does not know (${JSON.stringify(type)}): ${name}`);
    }
    at += Math.ceil(size / 512) * 512;
  }
}
