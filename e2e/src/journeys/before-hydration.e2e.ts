/**
 * What a shopper does before the page has hydrated (a slow phone: seconds between first paint and the page's code
 * running) or with no JavaScript at all must work, or must not look as if it would (progressive enhancement):
 * - the cookie notice's "Godta" is a form POST to /api/v1/consent, which sets the consent cookie and sends the
 *   shopper back (303) to the page, now without the notice;
 * - the header's search box is a GET form to /search?q=…, which the server sends on to /search/{query};
 * - the shop locator's postcode (and the home page's store search) is a GET form to /butikker?postnummer=NNNN,
 *   whose server render lists the shops nearest that postcode;
 * - controls that need the page's code ("Les mer", "Bruk min posisjon", "Logg inn") are disabled until it runs;
 * - text typed into a form meanwhile is kept, and is what the form sends once its code runs (without the shell's
 *   hand-over, shell/src/start/typedBeforeHydration.ts, React's next render wiped the login's e-mail).
 * Ways to be "not hydrated": a browser with JavaScript off; one whose remotes' code never arrives (/mf/** held
 * unanswered, stylesheets aside: the shell may start, the remotes' server markup is never hydrated — a slow phone,
 * frozen in time); and, for the shell's own controls, one whose remotes' code is refused (/mf/** aborted: the page's
 * part shows the shell's fault fallback by design, faults.e2e.ts, but the notice and the header search must work).
 * These journeys make their own contexts: the suite's newContext waits for <html data-hydrated> after every goto,
 * which is exactly what a shopper on a slow phone does not do.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useShopAndBrowser } from '../support/journey.js';
import type { ShopServer } from '../support/server.js';

let shop: ShopServer;
let browser: Browser;
useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

type NotHydrated = 'no JavaScript' | 'remote scripts held' | 'remote scripts refused';

/** A context whose pages do not hydrate (see above). */
async function notHydratedContext(kind: NotHydrated): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: shop.url,
    locale: 'nb-NO',
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: kind !== 'no JavaScript',
  });
  // Their stylesheets still come: the page's scripts wait for the head's stylesheets, and a held one would hold the
  // document itself (no DOMContentLoaded), which is not what a slow phone sees.
  if (kind === 'remote scripts held') {
    await context.route('**/mf/**', (route) => (route.request().resourceType() === 'stylesheet' ? route.fallback() : undefined));
  }
  if (kind === 'remote scripts refused') await context.route('**/mf/**', (route) => route.abort());
  return context;
}

/** The page is there to act on once its markup is (its scripts may never come). */
const READY = { waitUntil: 'domcontentloaded' } as const;

const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'cookiesAccepted');
const shopNames = (page: Page) => page.getByTestId('shop').getByRole('heading', { level: 2 }).allInnerTexts();

/** The cookie notice and the header search: the shell's own controls, whatever the remotes do. */
describe.each(['no JavaScript', 'remote scripts held', 'remote scripts refused'] as const)('before hydration (%s): the shell', (kind) => {
  it('"Godta" accepts the cookies and brings the shopper back to the page, without the notice', async () => {
    const context = await notHydratedContext(kind);
    const page = await context.newPage();
    await page.goto('/kundeservice', READY);
    const notice = page.getByTestId('cookie-consent');
    await notice.getByRole('button', { name: 'Godta' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/kundeservice');
    expect(await consentCookie(context)).toMatchObject({ value: 'true', path: '/' });
    // The next page's server render knows it too.
    await page.goto('/om-oss', READY);
    await page.locator('header').waitFor();
    expect(await page.getByTestId('cookie-consent').count()).toBe(0);
    await context.close();
  });

  it('the header search finds what was typed', async () => {
    const context = await notHydratedContext(kind);
    const page = await context.newPage();
    await page.goto('/kundeservice', READY);
    const box = page.locator('header').getByRole('searchbox', { name: 'Søk i nettbutikken' });
    await box.fill('jakke');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/jakke', READY);
    if (kind !== 'remote scripts refused') {
      // The search page as the server renders it: its heading and hits.
      await page.getByRole('heading', { level: 1, name: 'Søk: «jakke»' }).waitFor();
      expect(await page.locator('main a[href^="/product/"]').count()).toBeGreaterThan(0);
    }
    await context.close();
  });
});

/** The shop locator: mf-content's server markup, with its code never run. */
describe.each(['no JavaScript', 'remote scripts held'] as const)('before hydration (%s): the shop locator', (kind) => {
  it('sorts by the postcode typed on it, and says so when it is not one', async () => {
    const context = await notHydratedContext(kind);
    const page = await context.newPage();
    await page.goto('/butikker', READY);
    const form = page.locator('main form');
    // The position needs the page's code: disabled, not a button that does nothing.
    expect(await form.getByRole('button', { name: 'Bruk min posisjon' }).isDisabled()).toBe(true);

    await form.getByRole('textbox', { name: 'Postnummer' }).fill('12');
    await form.getByRole('button', { name: 'Sorter etter avstand' }).click();
    await page.waitForURL((url) => url.searchParams.get('postnummer') === '12', READY);
    await page.getByRole('alert').getByText('Skriv et postnummer med fire sifre.').waitFor();

    await form.getByRole('textbox', { name: 'Postnummer' }).fill('9008');
    await form.getByRole('button', { name: 'Sorter etter avstand' }).click();
    await page.waitForURL((url) => url.pathname === '/butikker' && url.searchParams.get('postnummer') === '9008', READY);
    await expect.poll(async () => (await shopNames(page)).slice(0, 3)).toEqual(['Tromsø', 'Alta', 'Bodø']);
    expect(await form.getByRole('textbox', { name: 'Postnummer' }).inputValue()).toBe('9008');
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it("the home page's store search opens the locator sorted by that postcode", async () => {
    const context = await notHydratedContext(kind);
    const page = await context.newPage();
    await page.goto('/', READY);
    const storeSearch = page.locator('[data-slot="store-search"]');
    await storeSearch.getByRole('textbox', { name: 'Postnummer' }).fill('2060');
    await storeSearch.getByRole('button', { name: 'Finn butikk' }).click();
    await page.waitForURL((url) => url.pathname === '/butikker' && url.searchParams.get('postnummer') === '2060', READY);
    await expect.poll(async () => (await shopNames(page)).slice(0, 3)).toEqual(['Oslo Nydalen', 'Oslo Sentrum', 'Hamar']);
    await context.close();
  });
});

describe.each(['no JavaScript', 'remote scripts held'] as const)("before hydration (%s): the search page's own box", (kind) => {
  it('searches again for what was typed', async () => {
    const context = await notHydratedContext(kind);
    const page = await context.newPage();
    await page.goto('/search/lue', READY);
    const box = page.locator('main').getByRole('combobox', { name: 'Endre søket' });
    await box.fill('vindjakke');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/vindjakke', READY);
    await page.getByRole('heading', { level: 1, name: 'Søk: «vindjakke»' }).waitFor();
    await context.close();
  });
});

describe('the shell hydrated, the page\'s remote not yet (remote scripts held)', () => {
  it("the locator's server markup still sorts by postcode: React lets the plain form through", async () => {
    const context = await notHydratedContext('remote scripts held');
    const page = await context.newPage();
    await page.goto('/butikker', READY);
    // The shell hydrates once it has waited for the page's module long enough (shell/src/bootstrap.tsx).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    const form = page.locator('main form');
    expect(await form.getByRole('button', { name: 'Bruk min posisjon' }).isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'Postnummer' }).fill('9008');
    await form.getByRole('button', { name: 'Sorter etter avstand' }).click();
    await page.waitForURL((url) => url.searchParams.get('postnummer') === '9008', READY);
    await expect.poll(async () => (await shopNames(page)).slice(0, 3)).toEqual(['Tromsø', 'Alta', 'Bodø']);
    await context.close();
  });
});

describe("before hydration, controls that need the page's code do not look ready", () => {
  it('with JavaScript off, "Les mer" and "Logg inn" are disabled; Enter in the login form sends the password nowhere', async () => {
    const context = await notHydratedContext('no JavaScript');
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await page.goto('/konto/logg-inn');
    expect(await page.getByTestId('cookie-consent').getByRole('button', { name: 'Les mer' }).isDisabled()).toBe(true);
    const login = page.locator('main form');
    expect(await login.getByRole('button', { name: 'Logg inn' }).isDisabled()).toBe(true);
    requests.length = 0;
    await login.getByLabel('Passord').fill('hemmelig-passord');
    await login.getByLabel('Passord').press('Enter');
    // Without JavaScript the page can tell nothing, the shopper's next request can: "Godta" is a form post that brings
    // them back to this page (303). Had Enter sent the form, its request would have gone out before that post, and
    // the page the post brings them back to would be the form's answer.
    const consent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/consent');
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Godta' }).click();
    const consentPost = `POST ${(await consent).url()}`;
    expect(requests.slice(0, requests.indexOf(consentPost))).toEqual([]);
    await page.getByTestId('cookie-consent').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${shop.url}/konto/logg-inn`);
    await context.close();
  });

  it('what the shopper typed while the code was on its way is what the form sends once it runs', async () => {
    // A slow phone: the remotes' scripts arrive only after the shopper has typed into the server's markup.
    const context = await browser.newContext({ baseURL: shop.url, locale: 'nb-NO', viewport: { width: 1280, height: 900 } });
    const held: Array<{ fallback: () => Promise<void> }> = [];
    let holding = true;
    await context.route('**/mf/**', (route) => {
      if (holding && route.request().resourceType() !== 'stylesheet') held.push(route);
      else return route.fallback();
    });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.postData() ?? ''));
    await page.goto('/konto/logg-inn', READY);
    const login = page.locator('main form');
    await login.getByLabel('E-post').fill('tidlig@example.no');
    await login.getByLabel('Passord').fill('skrevet-for-tidlig');
    expect(await login.getByRole('button', { name: 'Logg inn' }).isDisabled()).toBe(true);
    holding = false;
    await Promise.all(held.splice(0).map((route) => route.fallback()));
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The fields still show it, and React has it: the button sends it.
    await expect.poll(() => login.getByRole('button', { name: 'Logg inn' }).isEnabled()).toBe(true);
    expect(await login.getByLabel('E-post').inputValue()).toBe('tidlig@example.no');
    await login.getByRole('button', { name: 'Logg inn' }).click();
    await expect.poll(() => posts.find((body) => body.includes('tidlig@example.no')) ?? posts.join(' ; ')).toContain('skrevet-for-tidlig');
    await context.close();
  });

  it("once hydrated, the same controls are enabled and the page's own handlers take over", async () => {
    const context = await browser.newContext({ baseURL: shop.url, locale: 'nb-NO', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(new URL(request.url()).pathname));
    await page.goto('/butikker');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.locator('main form').getByRole('button', { name: 'Bruk min posisjon' }).isDisabled()).toBe(false);
    expect(await page.getByTestId('cookie-consent').getByRole('button', { name: 'Les mer' }).isDisabled()).toBe(false);
    // "Godta" in the page: the script sets the cookie; no form post, no new page.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.getByRole('button', { name: 'Godta' }).click();
    await page.getByTestId('cookie-consent').waitFor({ state: 'detached' });
    expect(await consentCookie(context)).toMatchObject({ value: 'true' });
    expect(posts).not.toContain('/api/v1/consent');
    expect(navigations.filter((url) => new URL(url).pathname === '/butikker')).toEqual([]);
    await context.close();
  });
});
