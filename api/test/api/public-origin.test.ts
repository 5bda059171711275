/**
 * One public origin (issue 33): with PUBLIC_URL the sitemap, robots.txt and the origin pages build canonical and
 * Open Graph URLs from are the same whatever Host and X-Forwarded-Host say; without it (development) those answers
 * follow the request's host, so they vary with it and no shared cache keeps them.
 */
import { describe, expect, it } from 'vitest';
import { cacheForOrigin, HOST_DEPENDENT_CACHE, publicOriginOf } from '../../src/server/publicOrigin.js';
import { makeShellTree } from '../accounts/browser.js';
import { useTestDatabase } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { RENDER_REQUEST_ELEMENT_ID } from '../support/shellRenderer.js';

const ORIGIN = 'https://www.staut.no';
/** What a sender may claim: its own Host, and (through a proxy the app trusts) its own X-Forwarded-Host. */
const HOSTS: Array<Record<string, string>> = [
  {},
  { host: 'evil.example' },
  { host: 'www.staut.no', 'x-forwarded-host': 'evil.example' },
  { 'x-forwarded-host': 'evil.example:8443', 'x-forwarded-proto': 'http' },
];
const seenOrigin = (html: string) =>
  (JSON.parse(new RegExp(`<script type="application/json" id="${RENDER_REQUEST_ELEMENT_ID}">([^<]*)</script>`).exec(html)![1]!) as { publicOrigin: string }).publicOrigin;

describe('publicOriginOf', () => {
  const request = { protocol: 'http', host: 'evil.example' } as Parameters<typeof publicOriginOf>[1];
  it.each([
    [ORIGIN, { origin: ORIGIN, fromRequest: false }],
    [`${ORIGIN}/`, { origin: ORIGIN, fromRequest: false }],
    [undefined, { origin: 'http://evil.example', fromRequest: true }],
    [null, { origin: 'http://evil.example', fromRequest: true }],
    ['', { origin: 'http://evil.example', fromRequest: true }],
  ])('PUBLIC_URL %j → %j', (publicUrl, expected) => {
    expect(publicOriginOf(publicUrl, request)).toEqual(expected);
  });

  it('an answer from the request host varies with Host and X-Forwarded-Host and is not shared; one from PUBLIC_URL keeps its caching', () => {
    const headers: Record<string, string> = {};
    const reply = {
      getHeader: (name: string) => headers[name],
      header(name: string, value: string) {
        headers[name] = value;
        return this;
      },
    } as unknown as Parameters<typeof cacheForOrigin>[0];
    headers.vary = 'accept-encoding';
    cacheForOrigin(reply, { origin: 'http://x', fromRequest: true }, 'public, max-age=3600');
    expect(headers).toEqual({ vary: 'accept-encoding, Host, X-Forwarded-Host', 'cache-control': HOST_DEPENDENT_CACHE });
    cacheForOrigin(reply, { origin: 'http://x', fromRequest: true }, 'public, max-age=3600');
    expect(headers.vary).toBe('accept-encoding, Host, X-Forwarded-Host');
    const other: Record<string, string> = {};
    cacheForOrigin({ ...reply, getHeader: (n: string) => other[n], header(n: string, v: string) { other[n] = v; return this; } } as never, { origin: ORIGIN, fromRequest: false }, 'public, max-age=3600');
    expect(other).toEqual({ 'cache-control': 'public, max-age=3600' });
  });
});

describe.each(testDatabaseKinds())('the public origin on %s', (kind) => {
  // The two apps differ only in PUBLIC_URL and only read: one database for both.
  const database = useTestDatabase(kind);

  describe('with PUBLIC_URL (behind a trusted proxy)', () => {
    // The proxy is trusted, so X-Forwarded-Host would be read as the host: PUBLIC_URL must win anyway.
    const t = database.app({ publicUrl: ORIGIN, rootDir: makeShellTree(), trustProxy: ['127.0.0.1'] });

    it.each(['/robots.txt', '/sitemap.xml'])('%s is the same whatever the host headers say, and shared caches may keep it', async (url) => {
      const answers = await Promise.all(HOSTS.map((headers) => t().app.inject({ url, headers })));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(answers[0]!.body);
        expect(res.body).not.toContain('evil.example');
        expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
        expect(String(res.headers.vary ?? '')).not.toMatch(/host/i);
      }
      expect(answers[0]!.body).toContain(ORIGIN);
    });

    it('pages are rendered with PUBLIC_URL as the origin of their canonical and Open Graph URLs', async () => {
      for (const headers of HOSTS) {
        const res = await t().app.inject({ url: '/om-oss', headers: { ...headers, accept: 'text/html' } });
        expect(seenOrigin(res.body)).toBe(ORIGIN);
      }
    });
  });

  describe('without PUBLIC_URL (development)', () => {
    const t = database.app({ rootDir: makeShellTree(), trustProxy: ['127.0.0.1'] });

    it.each(['/robots.txt', '/sitemap.xml'])('%s follows the host but varies with it and is kept by no shared cache', async (url) => {
      const res = await t().app.inject({ url, headers: { host: 'shop.local:8080' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('http://shop.local:8080/');
      expect(res.headers['cache-control']).toBe(HOST_DEPENDENT_CACHE);
      expect(String(res.headers.vary)).toMatch(/\bHost\b/);
      expect(String(res.headers.vary)).toMatch(/X-Forwarded-Host/);
    });

    it('a page follows the host, varies with it and is not stored', async () => {
      const res = await t().app.inject({ url: '/om-oss', headers: { host: 'shop.local:8080', accept: 'text/html' } });
      expect(seenOrigin(res.body)).toBe('http://shop.local:8080');
      expect(String(res.headers.vary)).toMatch(/\bHost\b/);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });
});
