// @vitest-environment happy-dom
/**
 * Start-up reads the declarations from the page (no request before the first render); only what the page lacks is
 * fetched, and only after hydration. A page without page data (a dev server's) reads every startup.json first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: vi.fn(), registerRemotes: vi.fn(), loadRemote: vi.fn() }));
// No remote code is loaded here: a model's import would need the federation runtime.
vi.mock('./models.js', () => ({ loadRemoteModels: async (remotes: string[]) => remotes.map((remote) => ({ remote, ok: true })) }));

/** A fresh start-up (and fresh stores) per test: the browser starts once per page. */
async function fresh() {
  vi.resetModules();
  const { startFederation } = await import('./start.js');
  const { $declaredRemotes, declarationsRetried } = await import('./compositionModel.js');
  const startupNames = () => $declaredRemotes.getState().map(({ name, startup }) => [name, startup?.screens ?? null]);
  return { startFederation, declarationsRetried, startupNames };
}

const registry = { mf_shelf: 'http://cdn.example/shelf/mf-manifest.json', mf_blog: 'http://cdn.example/blog/mf-manifest.json' };
const shelf = { model: 'first-piece', screens: { category: 'CategoryPage' } };
const blog = { model: 'first-piece', screens: { blog: 'BlogListPage' } };

let fetched: string[];
let answers: Record<string, unknown>;

beforeEach(() => {
  fetched = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return url in answers ? new Response(JSON.stringify(answers[url])) : new Response('not found', { status: 404 });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startFederation: the declarations the first render is composed from', () => {
  it("from the page: no request before it resolves; a remote the page lacks is asked once the page has hydrated", async () => {
    let hydrate: () => void = () => undefined;
    const hydrated = new Promise<void>((resolve) => {
      hydrate = resolve;
    });
    answers['http://cdn.example/blog/startup.json'] = blog;
    const { startFederation, startupNames } = await fresh();
    await startFederation({ remotes: registry, declarations: { mf_shelf: shelf } }, hydrated);
    expect(fetched).toEqual([]);
    expect(startupNames()).toEqual([
      ['mf_shelf', { category: 'CategoryPage' }],
      ['mf_blog', null],
    ]);
    hydrate();
    await vi.waitFor(() => expect(startupNames()[1]).toEqual(['mf_blog', { blog: 'BlogListPage' }]));
    expect(fetched).toEqual(['http://cdn.example/blog/startup.json']);
  });

  it('"Prøv igjen" asks the remotes still undeclared again, and only those', async () => {
    const { startFederation, declarationsRetried } = await fresh();
    await startFederation({ remotes: registry, declarations: { mf_shelf: shelf } }, new Promise(() => undefined));
    declarationsRetried();
    await vi.waitFor(() => expect(fetched).toEqual(['http://cdn.example/blog/startup.json']));
  });

  it('without page data: every startup.json is read before it resolves (one that fails is undeclared)', async () => {
    answers['http://cdn.example/shelf/startup.json'] = shelf;
    const { startFederation, startupNames } = await fresh();
    await startFederation({ remotes: registry });
    expect(fetched.sort()).toEqual(['http://cdn.example/blog/startup.json', 'http://cdn.example/shelf/startup.json']);
    expect(startupNames()).toEqual([
      ['mf_shelf', { category: 'CategoryPage' }],
      ['mf_blog', null],
    ]);
  });
});
