/** The registry that follows REMOTES_FILE while the shop runs (server/remoteRegistry.ts), on a fake clock and file. */
import { describe, expect, it } from 'vitest';
import { remoteRegistry, remotesFileRegistry, type FileVersion } from '../../src/server/remoteRegistry.js';

const FILE = '/srv/shop/remotes.json';
const start = { mf_catalog: '/mf/mf-catalog/mf-manifest.json' };
const cdn = { mf_catalog: 'https://cdn.example.no/catalog/v2/mf-manifest.json' };

/** A file that can be rewritten, removed and timed; every write is a new version (as mtime/ctime would say). */
function fakeWorld(text: string | null) {
  let content = text;
  let writes = 0;
  let clock = 0;
  let stats = 0;
  let reads = 0;
  const logged: string[] = [];
  const registry = remotesFileRegistry({
    file: FILE,
    initial: start,
    now: () => clock,
    version: (file): FileVersion | null => {
      expect(file).toBe(FILE);
      stats += 1;
      return content === null ? null : { mtimeMs: writes, ctimeMs: writes, size: content.length, ino: 1 };
    },
    readFile: () => {
      reads += 1;
      if (content === null) throw new Error('ENOENT');
      return content;
    },
    log: { info: (m) => logged.push(`info: ${m}`), warn: (m) => logged.push(`warn: ${m}`) },
  });
  return {
    registry,
    logged,
    write(next: string | null) {
      content = next;
      writes += 1;
    },
    tick(ms: number) {
      clock += ms;
    },
    counts: () => ({ stats, reads }),
  };
}

describe('remotesFileRegistry', () => {
  it('reads the file at the first look, then serves a rewrite once the check interval has passed', () => {
    const world = fakeWorld(JSON.stringify(start));
    expect(world.registry()).toEqual(start);
    world.write(JSON.stringify(cdn));
    world.tick(999);
    expect(world.registry()).toEqual(start);
    world.tick(1);
    expect(world.registry()).toEqual(cdn);
    expect(world.logged.filter((line) => line.startsWith('info'))).toHaveLength(1);
    expect(world.logged[0]).toContain('cdn.example.no');
  });

  it('looks at the file at most once a second whatever the traffic, and reads it only when it changed', () => {
    const world = fakeWorld(JSON.stringify(start));
    for (let i = 0; i < 100; i++) {
      world.registry();
      world.tick(50); // 5 s in all
    }
    expect(world.counts()).toEqual({ stats: 5, reads: 1 });
  });

  it('picks up a change made between start-up and the first look', () => {
    const world = fakeWorld(JSON.stringify(cdn));
    expect(world.registry()).toEqual(cdn);
  });

  it.each([
    ['not JSON (half written)', '{"mf_catalog": "https://cdn', /not valid JSON/],
    ['an array', '["x"]', /must be a JSON object/],
    ['an empty URL', '{"mf_catalog": ""}', /must be a non-empty string/],
    ['a deleted file', null, /cannot be read/],
  ])('keeps the last good registry when the file becomes %s, and logs why once', (_, bad, reason) => {
    const world = fakeWorld(JSON.stringify(cdn));
    expect(world.registry()).toEqual(cdn);
    world.write(bad);
    for (let i = 0; i < 3; i++) {
      world.tick(1000);
      expect(world.registry()).toEqual(cdn);
    }
    const warnings = world.logged.filter((line) => line.startsWith('warn'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(reason);
    expect(warnings[0]).toContain('stays as it was');
    // Fixed again: served at the next look.
    world.write(JSON.stringify(start));
    world.tick(1000);
    expect(world.registry()).toEqual(start);
  });
});

describe('remoteRegistry', () => {
  it('turns a fixed registry into a getter and leaves a getter as it is', () => {
    expect(remoteRegistry(cdn)()).toBe(cdn);
    const live = () => start;
    expect(remoteRegistry(live)).toBe(live);
  });
});
