import { describe, expect, it, vi } from 'vitest';
import type { RemoteStartup } from '@shop/contracts/types';
import { parseRemoteStartup, readDeclaration, UNDECLARED } from './declarations.js';

describe('parseRemoteStartup (startup.json)', () => {
  it.each<{ case: string; doc: unknown; startup: RemoteStartup; problems: number }>([
    {
      case: 'a full declaration is kept',
      doc: { model: 'start-up', stateKeys: ['orders', 'count'], piecesNeedStartupModels: true, answers: ['cartAddRequested'] },
      startup: { model: 'start-up', stateKeys: ['orders', 'count'], piecesNeedStartupModels: true, answers: ['cartAddRequested'] },
      problems: 0,
    },
    { case: 'the model moment alone', doc: { model: 'first-piece' }, startup: { model: 'first-piece' }, problems: 0 },
    { case: 'fields this shell does not read are ignored', doc: { model: 'first-interaction', routes: [] }, startup: { model: 'first-interaction' }, problems: 0 },
    { case: 'an unknown model moment is unusable', doc: { model: 'eager' }, startup: UNDECLARED, problems: 1 },
    { case: 'no model moment is unusable', doc: { stateKeys: ['orders'] }, startup: UNDECLARED, problems: 1 },
    { case: 'not an object', doc: ['start-up'], startup: UNDECLARED, problems: 1 },
    { case: 'null', doc: null, startup: UNDECLARED, problems: 1 },
    {
      case: 'bad optional fields are dropped, the rest kept',
      doc: { model: 'start-up', stateKeys: 'orders', piecesNeedStartupModels: 'yes' },
      startup: { model: 'start-up' },
      problems: 2,
    },
    {
      case: 'answers the bus does not have are dropped, known ones kept',
      doc: { model: 'start-up', answers: ['favouriteToggled', 'wishAdded'] },
      startup: { model: 'start-up', answers: ['favouriteToggled'] },
      problems: 1,
    },
    {
      case: 'screens and pieces are kept',
      doc: { model: 'first-piece', screens: { home: 'HomePage', about: 'StaticPage' }, pieces: { 'privacy-modal': 'StaticPage' } },
      startup: { model: 'first-piece', screens: { home: 'HomePage', about: 'StaticPage' }, pieces: { 'privacy-modal': 'StaticPage' } },
      problems: 0,
    },
    {
      case: 'a route name @shop/contracts/routes does not have is dropped, the others kept',
      doc: { model: 'first-piece', screens: { home: 'HomePage', wishlist: 'WishlistPage' } },
      startup: { model: 'first-piece', screens: { home: 'HomePage' } },
      problems: 1,
    },
    {
      case: 'a slot the shell does not have is dropped',
      doc: { model: 'first-piece', pieces: { 'footer-banner': 'Banner', 'cart-modal': 'CartModal' } },
      startup: { model: 'first-piece', pieces: { 'cart-modal': 'CartModal' } },
      problems: 1,
    },
    {
      case: 'a module that is not an exposed name ("./X", a path, not a string) is dropped',
      doc: { model: 'first-piece', screens: { home: './HomePage', blog: 'src/Blog.tsx', poll: 3, shops: 'ShopLocatorPage' } },
      startup: { model: 'first-piece', screens: { shops: 'ShopLocatorPage' } },
      problems: 3,
    },
    {
      case: 'screens that are not a map are dropped, and nothing is left of a map of unknown names',
      doc: { model: 'start-up', screens: ['home'], pieces: { nope: 'Nope' } },
      startup: { model: 'start-up' },
      problems: 2,
    },
    {
      case: "a route name that is only an Object's own (toString) is not a route",
      doc: { model: 'first-piece', screens: { toString: 'HomePage', constructor: 'HomePage' } },
      startup: { model: 'first-piece' },
      problems: 2,
    },
  ])('$case', ({ doc, startup, problems }) => {
    const parsed = parseRemoteStartup(doc);
    expect(parsed.startup).toEqual(startup);
    expect(parsed.problems).toHaveLength(problems);
  });
});

describe('readDeclaration', () => {
  const remote = { name: 'mf_catalog', entry: 'http://cdn.example/catalog/mf-manifest.json' };

  it('reads startup.json next to the manifest', async () => {
    const fetchDoc = vi.fn(async () => new Response(JSON.stringify({ model: 'first-interaction' })));
    expect(await readDeclaration(remote, fetchDoc)).toEqual({ model: 'first-interaction' });
    expect(fetchDoc).toHaveBeenCalledWith('http://cdn.example/catalog/startup.json', expect.anything());
  });

  it.each([
    ['a 404', async () => new Response('not found', { status: 404 })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a body that is not JSON', async () => new Response('<html>')],
  ])('falls back to UNDECLARED on %s, with a warning', async (_, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await readDeclaration(remote, answer)).toBe(UNDECLARED);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
