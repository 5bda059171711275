/**
 * POST /api/v1/consent: the cookie notice's "Godta" as a plain form (before hydration, without JavaScript), on every
 * test database: the same consent cookie the notice's script sets, 303 back to the posting page (never off the
 * site), the session's CSRF token from the form's field, and only from a page of this site.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONSENT_FORM, consentCookie, FORM_CSRF_FIELD } from '@shop/contracts/constants';
import { sessionCookieOf, useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { writeFakeShellRenderer } from '../support/shellRenderer.js';

function makeBuiltShell(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-consent-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="nb"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div></body></html>',
  );
  writeFakeShellRenderer(root);
  return root;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** What Chromium sends with a form posted from one of our pages. */
const SAME_ORIGIN = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' };

describe.each(testDatabaseKinds())('POST /api/v1/consent on %s', (kind) => {
  const root = makeBuiltShell();
  const t = useTestApp(kind, { rootDir: root, fixtures: false });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A shopper's first page: the session cookie and the token the page's forms carry. */
  const openPage = async () => {
    const res = await t().app.inject({ method: 'GET', url: '/kundeservice', headers: { accept: 'text/html' } });
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(res.body)![1]!;
    return { cookie: sessionCookieOf(res.headers)!, token };
  };
  const post = (payload: string, headers: Record<string, string>) =>
    t().app.inject({ method: 'POST', url: CONSENT_FORM.action, headers: { host: 'localhost:80', 'content-type': FORM_TYPE, ...headers }, payload });
  const accepted = (returnTo: string, token: string) =>
    form({ [CONSENT_FORM.consentField]: CONSENT_FORM.accepted, [CONSENT_FORM.returnField]: returnTo, [FORM_CSRF_FIELD]: token });
  const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat() as string[];

  it('sets the notice\'s own consent cookie and answers 303 back to the page that posted it', async () => {
    const { cookie, token } = await openPage();
    const res = await post(accepted('/butikker?postnummer=0150', token), { cookie, ...SAME_ORIGIN });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/butikker?postnummer=0150');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(setCookies(res.headers)).toContain(consentCookie(false));
  });

  it.each([
    ['//evil.example/', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/api/v1/customers/current', '/'],
    ['/search/ull genser', '/search/ull%20genser'],
    // issue 33: the URL parser resolves these to "//evil.com"
    ['/.//evil.com', '/'],
    ['/%2e//evil.com', '/'],
    ['/a/..//evil.com', '/'],
    ['/%2f%2fevil.com', '/'],
    ['/a/../kundeservice?x=1', '/kundeservice?x=1'],
  ])('a return of %j goes to %j (never off the site)', async (returnTo, location) => {
    const { cookie, token } = await openPage();
    const res = await post(accepted(returnTo, token), { cookie, ...SAME_ORIGIN });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
  });

  it('goes home when the form names no page', async () => {
    const { cookie, token } = await openPage();
    const res = await post(form({ [CONSENT_FORM.consentField]: CONSENT_FORM.accepted, [FORM_CSRF_FIELD]: token }), { cookie, ...SAME_ORIGIN });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
  });

  it('refuses, with 419 and no cookie, a form without the session\'s token or from another site', async () => {
    const { cookie, token } = await openPage();
    const other = await openPage();
    const refused = [
      await post(form({ [CONSENT_FORM.consentField]: CONSENT_FORM.accepted, [CONSENT_FORM.returnField]: '/' }), { cookie, ...SAME_ORIGIN }),
      await post(accepted('/', `${token}x`), { cookie, ...SAME_ORIGIN }),
      await post(accepted('/', other.token), { cookie, ...SAME_ORIGIN }),
      await post(accepted('/', token), { ...SAME_ORIGIN }),
      await post(accepted('/', token), { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      await post(accepted('/', token), { cookie, 'sec-fetch-site': 'same-site' }),
      await post(accepted('/', token), { cookie, origin: 'https://evil.example' }),
      await post(accepted('/', token), { cookie, origin: 'null' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(419);
      expect(setCookies(res.headers).some((c) => c.startsWith('cookiesAccepted='))).toBe(false);
    }
  });

  it('validates the consent at the edge: only "accepted" (400, no cookie)', async () => {
    const { cookie, token } = await openPage();
    for (const consent of ['declined', '', 'ACCEPTED']) {
      const res = await post(form({ [CONSENT_FORM.consentField]: consent, [FORM_CSRF_FIELD]: token }), { cookie, ...SAME_ORIGIN });
      expect(res.statusCode).toBe(400);
      expect(setCookies(res.headers).some((c) => c.startsWith('cookiesAccepted='))).toBe(false);
    }
    const missing = await post(form({ [FORM_CSRF_FIELD]: token }), { cookie, ...SAME_ORIGIN });
    expect(missing.statusCode).toBe(400);
  });

  it('a script may post JSON with the X-CSRF-TOKEN header like every other call; without it, 419', async () => {
    const { cookie, token } = await openPage();
    const body = JSON.stringify({ [CONSENT_FORM.consentField]: CONSENT_FORM.accepted, [CONSENT_FORM.returnField]: '/om-oss' });
    const ok = await t().app.inject({ method: 'POST', url: CONSENT_FORM.action, headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json' }, payload: body });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/om-oss');
    // The form field is no way around the header for a JSON body.
    const jsonWithField = await t().app.inject({
      method: 'POST',
      url: CONSENT_FORM.action,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ [CONSENT_FORM.consentField]: CONSENT_FORM.accepted, [FORM_CSRF_FIELD]: token }),
    });
    expect(jsonWithField.statusCode).toBe(419);
  });

  it('a form field carries no token to routes that take no form (they still need the header)', async () => {
    const { cookie, token } = await openPage();
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v1/customers/logout',
      headers: { cookie, 'content-type': FORM_TYPE, ...SAME_ORIGIN },
      payload: form({ [FORM_CSRF_FIELD]: token }),
    });
    expect(res.statusCode).toBe(419);
  });
});
