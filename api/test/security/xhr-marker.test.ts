/**
 * X-Requested-With (issue 33: "documented as required but is not"). Decision: the API does not require it, and the
 * documentation says so. The CSRF defence is the session's X-CSRF-TOKEN (or the `_csrf` field of the shop's own HTML
 * forms): a page on another site can send neither header without a CORS preflight the API never grants, so the
 * marker adds nothing, and the forms that work without JavaScript and the providers' callbacks cannot send it.
 * The shop's client still sends it (SPEC §7; shared-contracts/src/api/client.test.ts).
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { Browser, makeShellTree } from '../accounts/browser.js';

describe.each(testDatabaseKinds())('X-Requested-With on %s', (kind) => {
  const root = makeShellTree();
  const t = useTestApp(kind, { rootDir: root });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the API documentation says what the server does: the CSRF token is required, the XHR marker is not', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ info: { description: string } }>();
    expect(doc.info.description).toContain('X-CSRF-TOKEN header of the session (else 419)');
    expect(doc.info.description).toContain("X-Requested-With: XMLHttpRequest is sent by the shop's client (SPEC §7) but not required");
    expect(fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toContain('but the API does not require it');
  });

  it('a mutating call with the token and without the marker is served; with the marker and without the token it is 419', async () => {
    const b = await new Browser(() => t().app, '10.33.1.1').open();
    const withoutMarker = await t().app.inject({
      method: 'POST',
      url: '/api/v1/customers/logout',
      headers: { cookie: b.cookie!, 'x-csrf-token': b.token!, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(withoutMarker.statusCode).toBe(200);
    const withoutToken = await t().app.inject({
      method: 'POST',
      url: '/api/v1/customers/logout',
      headers: { cookie: b.cookie!, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(withoutToken.statusCode).toBe(419);
  });
});
