/**
 * The server reads each remote's declaration with the registry check: once, again when the entry changes or while it
 * could not be read, and keeps the last one it read when a remote that declared goes away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));

const registry = { mf_shelf: '/mf/shelf/mf-manifest.json', mf_blog: '/mf/blog/mf-manifest.json' };
const ORIGIN = 'http://127.0.0.1:8080';
const shelfDoc = { model: 'first-piece', screens: { category: 'CategoryPage' } };
const blogDoc = { model: 'first-piece', screens: { blog: 'BlogListPage' } };

/** What the remotes' origin answers: each remote's entry stamp and declaration (absent = 404). */
let served: { etag: Record<string, string>; startup: Record<string, unknown> };
let startupReads: string[];
let warn: { mock: { calls: unknown[][] } };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  served = { etag: { shelf: '"1"', blog: '"1"' }, startup: { shelf: shelfDoc, blog: blogDoc } };
  startupReads = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [, remote, file] = new URL(url).pathname.match(/^\/mf\/([^/]+)\/(.*)$/) ?? [];
      if (file === 'server/remoteEntry.js') return new Response(null, { headers: { etag: served.etag[remote!] ?? '' } });
      if (file === 'mf-manifest.json') return new Response('{}');
      if (file === 'startup.json') {
        startupReads.push(remote!);
        const doc = served.startup[remote!];
        return doc ? new Response(JSON.stringify(doc)) : new Response('not found', { status: 404 });
      }
      return new Response('not found', { status: 404 });
    }),
  );
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function freshRegistry() {
  vi.resetModules();
  const module = await import('./remoteRegistry.js');
  const screensOf = () => module.declaredRemotes(registry).map(({ name, startup }) => [name, startup?.screens ?? null]);
  /** The next check (CHECK_MS is 2 s). */
  const later = () => vi.setSystemTime(Date.now() + 2500);
  return { ...module, screensOf, later };
}

describe('the declarations beside the registered remotes', () => {
  it('are read with the first check, in registry order, and not again while nothing changes', async () => {
    const { refreshRemotes, screensOf, later } = await freshRegistry();
    await refreshRemotes(registry, ORIGIN);
    expect(screensOf()).toEqual([
      ['mf_shelf', { category: 'CategoryPage' }],
      ['mf_blog', { blog: 'BlogListPage' }],
    ]);
    later();
    await refreshRemotes(registry, ORIGIN);
    expect(startupReads.sort()).toEqual(['blog', 'shelf']);
  });

  it('are read again when a remote is rebuilt in place (its entry stamp changes)', async () => {
    const { refreshRemotes, screensOf, later } = await freshRegistry();
    await refreshRemotes(registry, ORIGIN);
    served.etag.shelf = '"2"';
    served.startup.shelf = { model: 'first-piece', screens: { category: 'CategoryPage', search: 'SearchPage' } };
    later();
    await refreshRemotes(registry, ORIGIN);
    expect(screensOf()[0]).toEqual(['mf_shelf', { category: 'CategoryPage', search: 'SearchPage' }]);
  });

  it('a remote that declared and then cannot be read keeps what it declared (its screens show their fallback)', async () => {
    const { refreshRemotes, screensOf, later } = await freshRegistry();
    await refreshRemotes(registry, ORIGIN);
    served.etag.shelf = '';
    delete served.startup.shelf;
    later();
    await refreshRemotes(registry, ORIGIN);
    expect(startupReads.filter((remote) => remote === 'shelf')).toHaveLength(2);
    expect(screensOf()[0]).toEqual(['mf_shelf', { category: 'CategoryPage' }]);
  });

  it('one never read declares nothing, is asked at every check with one warning, and counts once it answers', async () => {
    delete served.startup.blog;
    const { refreshRemotes, screensOf, later } = await freshRegistry();
    await refreshRemotes(registry, ORIGIN);
    later();
    await refreshRemotes(registry, ORIGIN);
    expect(screensOf()[1]).toEqual(['mf_blog', null]);
    expect(warn.mock.calls.filter(([message]) => String(message).includes('mf_blog/startup.json'))).toHaveLength(1);
    served.startup.blog = blogDoc;
    later();
    await refreshRemotes(registry, ORIGIN);
    expect(screensOf()[1]).toEqual(['mf_blog', { blog: 'BlogListPage' }]);
  });

  it('two remotes claiming one route: reported once per change, not per check', async () => {
    served.startup.blog = { model: 'first-piece', screens: { category: 'OtherCategoryPage' } };
    const { refreshRemotes, later } = await freshRegistry();
    await refreshRemotes(registry, ORIGIN);
    later();
    await refreshRemotes(registry, ORIGIN);
    const collisions = warn.mock.calls.filter(([message]) => String(message).includes('"category"'));
    expect(collisions).toHaveLength(1);
    expect(String(collisions[0]![0])).toMatch(/mf_blog .*mf_shelf \(earlier in the registry\) renders: mf_shelf keeps it/);
  });
});
