/** Sessions, CSRF and the serving of the front ends, on every test database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RawCustomer } from '@shop/contracts/types';
import { loadConfig } from '../../src/config.js';
import { sessions } from '../../src/db/schema.js';
import { buildApp } from '../../src/server/app.js';
import { countSessions, hashSessionId } from '../../src/server/session.js';
import { sessionCookieOf, useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { renderRequestOf, writeFakeShellRenderer } from '../support/shellRenderer.js';

/** A fake build tree: shell and one remote built, the other remotes not (yet). */
function makeBuiltTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  const shell = path.join(root, 'shell', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  fs.writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html lang="nb"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div><script src="/main.0123456789.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(shell, 'main.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.writeFileSync(path.join(shell, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFakeShellRenderer(root);
  const catalog = path.join(root, 'mf-catalog', 'dist');
  fs.mkdirSync(catalog, { recursive: true });
  fs.writeFileSync(path.join(catalog, 'mf-manifest.json'), JSON.stringify({ id: 'mf_catalog' }));
  fs.writeFileSync(path.join(catalog, 'remoteEntry.js'), 'var mf_catalog;');
  fs.writeFileSync(path.join(catalog, '__federation_expose_CategoryPage.a1b2c3d4e5.js'), 'export {};');
  return root;
}

const metaToken = (html: string) => /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1] ?? null;

describe.each(testDatabaseKinds())('web serving and sessions on %s', (kind) => {
  const root = makeBuiltTree();
  const remotesJson = JSON.stringify({ mf_catalog: 'https://cdn.example.no/mf-catalog/mf-manifest.json', mf_account: '/mf/mf-account/mf-manifest.json' });
  const config = loadConfig({ REMOTES_JSON: remotesJson }, { cwd: root, readFile: () => '' });
  const t = useTestApp(kind, { rootDir: root, remotes: config.remotes });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const openShop = async () => {
    const res = await inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const cookie = sessionCookieOf(res.headers);
    return { res, cookie: cookie!, token: metaToken(res.body)! };
  };

  describe('index.html and the SPA fallback', () => {
    it('renders the session CSRF token into index.html, never cached', async () => {
      const before = await countSessions(t().db);
      const { res, cookie, token } = await openShop();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('__CSRF_TOKEN__');
      expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{40,}$/);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).not.toMatch(/Secure/);
      expect(await countSessions(t().db)).toBe(before + 1);
      // Only the hash of the cookie is stored.
      const sid = cookie.slice('sid='.length);
      const [row] = await t().db.select().from(sessions).where(eq(sessions.id, hashSessionId(sid)));
      expect(row?.csrfToken).toBe(token);
      expect(await t().db.select().from(sessions).where(eq(sessions.id, sid))).toEqual([]);

      // The same session on the next visit: same token, no new row, no new cookie.
      const again = await inject({ method: 'GET', url: '/index.html', headers: { cookie, accept: 'text/html' } });
      expect(metaToken(again.body)).toBe(token);
      expect(sessionCookieOf(again.headers)).toBeNull();
      expect(await countSessions(t().db)).toBe(before + 1);
    });

    it('serves index.html for front-end routes that accept HTML, and 404s other misses', async () => {
      for (const url of ['/klaer/jakker', '/product/asen-parkas', '/search/ull?x=1', '/kundeservice', '/herre']) {
        const res = await inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(res.statusCode, url).toBe(200);
        expect(metaToken(res.body), url).not.toBeNull();
      }
      const asset = await inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
      expect(asset.statusCode).toBe(404);
      const api = await inject({ method: 'GET', url: '/api/v1/nope', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Denne adressen finnes ikke i API-et.' });
    });

    it('redirects a category document asked for at its stored or display name to its one canonical address (301)', async () => {
      const cases: Array<[string, string]> = [
        ['/tekstil', '/klaer'],
        ['/kl%C3%A6r', '/klaer'],
        ['/Tekstil/Jakker', '/klaer/jakker'],
        ['/tekstil/jakker/skalljakker?sort=price', '/klaer/jakker/skalljakker?sort=price'],
        ['/klaer/', '/klaer'],
        ['/sportsutstyr/tilbeh%C3%B8r-sportsutstyr/drikkeflasker', '/sportsutstyr/tilbehor-sportsutstyr/drikkeflasker'],
        ['/mat%20og%20drikke', '/mat-og-drikke'],
      ];
      for (const [url, location] of cases) {
        const res = await inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location, url).toBe(location);
        expect(res.headers['cache-control'], url).toBe('no-store');
        // A redirect opens no session: the canonical page does.
        expect(sessionCookieOf(res.headers), url).toBeNull();
      }
      // The canonical address itself is the page.
      const canonical = await inject({ method: 'GET', url: '/klaer/jakker/skalljakker', headers: { accept: 'text/html' } });
      expect(canonical.statusCode).toBe(200);
      expect(metaToken(canonical.body)).not.toBeNull();
    });

    it('hands the shell\'s renderer the page, the registry, the session and an origin of its own', async () => {
      const { res, cookie, token } = await openShop();
      const seen = renderRequestOf(res.body);
      expect(seen).toMatchObject({ url: '/', remotes: JSON.parse(remotesJson), csrfToken: token, signedIn: false, cookie: '' });
      expect(seen?.serverOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(seen?.publicOrigin).toBe('http://localhost:80');
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)?.[1];
      expect(seen?.nonce).toBe(nonce);
      expect(String(res.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      // /index.html is the home page; the query travels with the page.
      expect(renderRequestOf((await inject({ method: 'GET', url: '/index.html', headers: { cookie, accept: 'text/html' } })).body)?.url).toBe('/');
      const search = await inject({ method: 'GET', url: '/search/ull?side=2', headers: { cookie, accept: 'text/html' } });
      expect(renderRequestOf(search.body)).toMatchObject({ url: '/search/ull?side=2', cookie });
    });

    it('answers 503 until the shell\'s server build is there, then renders with the one it loaded first', async () => {
      const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-no-render-'));
      fs.cpSync(path.join(root, 'shell', 'dist', 'index.html'), path.join(tree, 'shell', 'dist', 'index.html'), { recursive: true });
      const app = await buildApp({ database: t().database, rootDir: tree });
      const open = () => app.inject({ method: 'GET', url: '/klaer', headers: { accept: 'text/html' } });
      try {
        const res = await open();
        expect(res.statusCode).toBe(503);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain('shell/dist/server mangler');
        writeFakeShellRenderer(tree);
        expect((await open()).statusCode).toBe(200);
        // A shell rebuilt (or being rebuilt) while the server runs: the one loaded keeps rendering until a restart.
        const entry = path.join(tree, 'shell', 'dist', 'server', 'main.cjs');
        fs.writeFileSync(entry, 'exports.renderPage = () => { throw new Error("not this one"); };');
        expect((await open()).statusCode).toBe(200);
        fs.rmSync(entry);
        expect((await open()).statusCode).toBe(200);
      } finally {
        await app.close();
        fs.rmSync(tree, { recursive: true, force: true });
      }
    });

    it('long-caches hashed assets, revalidates the rest, compresses', async () => {
      const js = await inject({ method: 'GET', url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
      expect(js.statusCode).toBe(200);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(js.headers['content-encoding']).toBe('gzip');
      const icon = await inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('remotes', () => {
    it('serves /remotes.json from configuration', async () => {
      const res = await inject({ method: 'GET', url: '/remotes.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(JSON.parse(remotesJson));
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('serves remote builds with CORS so a shell on another origin can load them', async () => {
      const manifest = await inject({ method: 'GET', url: '/mf/mf-catalog/mf-manifest.json', headers: { origin: 'http://localhost:9000' } });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['access-control-allow-origin']).toBe('*');
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const chunk = await inject({ method: 'GET', url: '/mf/mf-catalog/__federation_expose_CategoryPage.a1b2c3d4e5.js' });
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(chunk.headers['access-control-allow-origin']).toBe('*');
      const missing = await inject({ method: 'GET', url: '/mf/mf-catalog/nope.js', headers: { accept: 'text/html' } });
      expect(missing.statusCode).toBe(404);
    });

    it('answers 503 with a clear text for a remote that is not built', async () => {
      const res = await inject({ method: 'GET', url: '/mf/mf-account/mf-manifest.json' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('mf-account er ikke bygget');
    });

    it('answers 503 for the shell when shell/dist is missing', async () => {
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-empty-'));
      const app = await buildApp({ database: t().database, rootDir: empty });
      try {
        const res = await app.inject({ method: 'GET', url: '/tekstil', headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(503);
        expect(res.body).toContain('shell/dist mangler');
        expect((await app.inject({ method: 'GET', url: '/api/v1/genders' })).statusCode).toBe(200);
      } finally {
        await app.close();
        fs.rmSync(empty, { recursive: true, force: true });
      }
    });
  });

  describe('sessions and CSRF', () => {
    it('does not write a session for cookie-less catalogue and customer reads', async () => {
      const before = await countSessions(t().db);
      for (const url of ['/api/v1/categories', '/api/v1/genders', '/api/v1/categories/1/articles', '/api/v1/customers/current']) {
        const res = await inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(300);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
      expect(await countSessions(t().db)).toBe(before);
    });

    it('rejects a mutating call without the matching X-CSRF-TOKEN with 419', async () => {
      const { cookie, token } = await openShop();
      const attempts = [
        { headers: {} },
        { headers: { cookie } },
        { headers: { cookie, 'x-csrf-token': `${token}x` } },
        { headers: { cookie, 'x-csrf-token': '' } },
        { headers: { 'x-csrf-token': token } },
      ];
      for (const attempt of attempts) {
        const res = await inject({ method: 'POST', url: '/api/v1/customers/logout', ...attempt });
        expect(res.statusCode, JSON.stringify(attempt.headers)).toBe(419);
        expect(res.json()).toEqual({ message: 'Vennligst last siden på nytt.' });
      }
      const ok = await inject({ method: 'POST', url: '/api/v1/customers/logout', headers: { cookie, 'x-csrf-token': token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Du er nå logget ut.' });
    });

    it('checks the CSRF token of a session this process knows without reading it; a session it ended is forgotten', async () => {
      const search = (headers: Record<string, string>) =>
        inject({ method: 'POST', url: '/api/v1/articles/search', headers: { ...headers, 'content-type': 'application/json' }, payload: { query: '', take: 1 } });
      const known = await openShop();
      // As if another process had ended it: the row is gone, and a search (which reads no session) still passes.
      await t().db.delete(sessions).where(eq(sessions.id, hashSessionId(known.cookie.slice('sid='.length))));
      expect((await search({ cookie: known.cookie, 'x-csrf-token': known.token })).statusCode).toBe(200);
      expect((await search({ cookie: known.cookie, 'x-csrf-token': `${known.token}x` })).statusCode).toBe(419);
      // A route that needs the session still reads it: the ended one is not there.
      expect((await inject({ method: 'GET', url: '/api/v1/customers/current', headers: { cookie: known.cookie } })).statusCode).toBe(204);

      // Logging out replaces a customer's session (rotate): the old one is forgotten at once.
      const ended = await openShop();
      await t().db.update(sessions).set({ customerId: t().fixtures.customerId }).where(eq(sessions.id, hashSessionId(ended.cookie.slice('sid='.length))));
      expect((await search({ cookie: ended.cookie, 'x-csrf-token': ended.token })).statusCode).toBe(200);
      const out = await inject({ method: 'POST', url: '/api/v1/customers/logout', headers: { cookie: ended.cookie, 'x-csrf-token': ended.token } });
      expect(out.statusCode).toBe(200);
      expect((await search({ cookie: ended.cookie, 'x-csrf-token': ended.token })).statusCode).toBe(419);
    });

    it('GET /customers/current: 204 without a customer, the raw customer when logged in; logout clears it', async () => {
      const { cookie, token } = await openShop();
      expect((await inject({ method: 'GET', url: '/api/v1/customers/current', headers: { cookie } })).statusCode).toBe(204);
      const sid = cookie.slice('sid='.length);
      await t().db.update(sessions).set({ customerId: t().fixtures.customerId }).where(eq(sessions.id, hashSessionId(sid)));
      const res = await inject({ method: 'GET', url: '/api/v1/customers/current', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const customer = res.json<RawCustomer>();
      expect(customer).toMatchObject({
        id: t().fixtures.customerId,
        first_name: 'Kari',
        last_name: 'Nordmann',
        email: 'kari@example.no',
        phone: '91234567',
        club: 1,
        auth_id: 'M-0001',
        terms_conditions: 1,
        permissions: ['review'],
        preferences: { newsletter: 'monthly' },
        email_verified: null,
        marketing: 0,
      });
      expect(customer).not.toHaveProperty('password');
      expect(customer).not.toHaveProperty('password_hash');
      const out = await inject({ method: 'POST', url: '/api/v1/customers/logout', headers: { cookie, 'x-csrf-token': token } });
      expect(out.statusCode).toBe(200);
      expect((await inject({ method: 'GET', url: '/api/v1/customers/current', headers: { cookie } })).statusCode).toBe(204);
    });

    it('ignores an expired session and refreshes an old one (sliding expiry)', async () => {
      const first = await openShop();
      const id = hashSessionId(first.cookie.slice('sid='.length));
      await t().db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
      const second = await openShop();
      expect(second.token).not.toBe(first.token);

      const id2 = hashSessionId(second.cookie.slice('sid='.length));
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      await t().db.update(sessions).set({ lastSeenAt: twoDaysAgo, expiresAt: new Date(Date.now() + 3600 * 1000) }).where(eq(sessions.id, id2));
      const res = await inject({ method: 'GET', url: '/', headers: { cookie: second.cookie, accept: 'text/html' } });
      expect(metaToken(res.body)).toBe(second.token);
      expect(sessionCookieOf(res.headers)).toBe(second.cookie);
      const [row] = await t().db.select().from(sessions).where(eq(sessions.id, id2));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    });

    it('marks the cookie Secure in production', async () => {
      const app = await buildApp({ database: t().database, rootDir: root, secureCookies: true });
      try {
        const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
        expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      } finally {
        await app.close();
      }
    });

    it('never answers bad input with a 500', async () => {
      const { cookie, token } = await openShop();
      const headers = { cookie, 'x-csrf-token': token };
      const badJson = await inject({ method: 'POST', url: '/api/v1/customers/logout', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"a":' });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().message).toMatch(/^Ugyldig forespørsel/);
      const badType = await inject({ method: 'POST', url: '/api/v1/customers/logout', headers: { ...headers, 'content-type': 'application/x-unknown' }, payload: 'x' });
      expect(badType.statusCode).toBe(415);
      const unknownDelete = await inject({ method: 'DELETE', url: '/api/v1/categories/1' });
      expect(unknownDelete.statusCode).toBe(404);
    });
  });
});
