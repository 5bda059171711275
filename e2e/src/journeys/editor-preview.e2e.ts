/**
 * Issue 23, "preview before publishing": an editor's draft post and draft (scheduled) poll render at their real
 * addresses with ?forhandsvisning=1 — in a new tab of the editor's browser, at 1280 and at 375 px — inside the shop's
 * chrome with the preview banner, rendered on the server already (the HTML holds the draft) and hydrated without a
 * warning; the same address is the 404 page for an anonymous shopper and a logged-in customer, the blog list does
 * not show the draft, and once published everyone sees it at its normal address. Copy pages have no draft beside their
 * live text (docs/adr/0021): a page taken off the site or scheduled is previewed as saved, shoppers get the 404 until
 * it is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import type { ContentItem, EditorBlogPost, EditorPoll, RawBlogPost, RawPaginated } from '@shop/contracts/types';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { useShopAndBrowser } from '../support/journey.js';
import { artifactsDir } from '../support/paths.js';
import { logIn } from '../support/session.js';

const STAFF = { email: 'redaktor.preview@staut.no', password: 'forhandsvisning-e2e-1' };
const CUSTOMER = { email: 'demo@staut.no', password: 'demo1234' };
const BANNER_NOT_PUBLISHED = 'Forhåndsvisning – ikke publisert';
const NOT_FOUND = 'Vi fant ikke siden du lette etter.';
const PHONE = { width: 375, height: 812 };
/** Each test opens a dozen pages in three browser contexts (two widths, three visitors). */
const JOURNEY_TIMEOUT_MS = 240_000;

let browser: Browser;
let shop: ShopServer;
useShopAndBrowser(
  (started, launched) => {
    shop = started;
    browser = launched;
  },
  { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password },
);

/** An API call from the page, with its session cookie and CSRF token (as the workspace's own calls are sent). */
async function apiFrom<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300);
  return JSON.parse(result.text) as T;
}

/** The document as the server sends it to this page's session (no script run). */
async function serverHtml(page: Page, path: string): Promise<{ status: number; html: string; cacheControl: string | null; robots: string | null }> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { accept: 'text/html' } });
    return { status: response.status, html: await response.text(), cacheControl: response.headers.get('cache-control'), robots: response.headers.get('x-robots-tag') };
  }, path);
}

/** A new tab of the context at a width, as an editor opens the preview link ("Forhåndsvis") in another tab. */
async function openTab(context: BrowserContext, path: string, viewport = { width: 1280, height: 900 }): Promise<{ tab: Page; response: Response | null; errors: string[] }> {
  const tab = await context.newPage();
  await tab.setViewportSize(viewport);
  const { errors } = watchErrors(tab);
  const response = await tab.goto(path);
  return { tab, response, errors };
}

async function expectChrome(tab: Page, phone: boolean): Promise<void> {
  await tab.locator('header').first().waitFor();
  if (phone) await tab.getByRole('button', { name: 'Meny' }).first().waitFor();
  else await tab.getByTestId('desktop-menu').waitFor();
  await tab.locator('footer').first().waitFor({ state: 'attached' });
}

/** The 404 page for this context: the document says 404 and the page says so, the draft's title nowhere. */
async function expectNotFound(context: BrowserContext, path: string, title: string): Promise<void> {
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await page.getByText(NOT_FOUND).waitFor();
  expect(await page.content()).not.toContain(title);
  const html = await serverHtml(page, path);
  expect(html.status).toBe(404);
  expect(html.html).not.toContain(title);
  expect(html.html).not.toContain(BANNER_NOT_PUBLISHED);
  await page.close();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${artifactsDir}/editor-preview-${name}.png`, fullPage: false });

describe('previewing drafts at their real address', () => {
  let staff: BrowserContext;
  let workspace: Page;
  let anonymous: BrowserContext;
  let customer: BrowserContext;

  beforeAll(async () => {
    staff = await newContext(browser, shop.url);
    workspace = await staff.newPage();
    await logIn(workspace, STAFF);
    await workspace.goto('/redaksjon');
    anonymous = await newContext(browser, shop.url);
    customer = await newContext(browser, shop.url);
    await logIn(await customer.newPage(), CUSTOMER);
  }, JOURNEY_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([staff?.close(), anonymous?.close(), customer?.close()]);
  });

  it('a draft post: the editor sees it with the chrome and the banner at 1280 and 375 px; shoppers get the 404 until it is published', async () => {
    const title = 'Utkast: ullundertøy til fjellturen';
    const draft = await apiFrom<EditorBlogPost>(workspace, 'POST', '/editor/blog/posts', {
      title,
      body: '<h2>Lag på lag</h2><p>Ull innerst gir varme selv når den blir fuktig.</p>',
      published: false,
    });
    expect(draft.published_at).toBeNull();
    const path = `/blogg/${draft.slug}?forhandsvisning=1`;

    for (const [width, viewport] of [['1280', { width: 1280, height: 900 }], ['375', PHONE]] as const) {
      const { tab, response, errors } = await openTab(staff, path, viewport);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await tab.getByRole('heading', { level: 1, name: title }).waitFor();
      const banner = tab.getByRole('region', { name: 'Forhåndsvisning' });
      await banner.getByText(BANNER_NOT_PUBLISHED).waitFor();
      expect(await banner.innerText()).toContain('Status: Utkast');
      expect(await banner.getByRole('link', { name: 'Rediger i Redaksjonen' }).getAttribute('href')).toBe(`/redaksjon/innlegg/${draft.id}`);
      expect(await tab.locator('html').getAttribute('data-hydrated')).not.toBeNull();
      await expectChrome(tab, width === '375');
      // The banner fits the phone: nothing wider than the screen.
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(tab, `post-${width}`);
      expect(errors, `console at ${width}`).toEqual([]);
      await tab.close();
    }

    // The server's HTML already holds the draft, the banner and noindex for the editor's session.
    const html = await serverHtml(workspace, path);
    expect(html.status).toBe(200);
    expect(html.cacheControl).toBe('private, no-store');
    expect(html.html).toContain(title);
    expect(html.html).toContain(BANNER_NOT_PUBLISHED);
    expect(html.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);

    // Anyone else: the 404 page at the same address and at the normal one; the blog list does not show it.
    for (const context of [anonymous, customer]) {
      await expectNotFound(context, path, title);
      await expectNotFound(context, `/blogg/${draft.slug}`, title);
    }
    const list = await anonymous.newPage();
    await list.goto('/blogg');
    await list.locator('main ul li a[href^="/blogg/"]').first().waitFor();
    expect(await list.locator('main').innerText()).not.toContain(title);
    const listed = await (await fetch(`${shop.url}/api/v1/blog/posts?per_page=100`)).json() as RawPaginated<RawBlogPost>;
    expect(listed.data.map((p) => p.slug)).not.toContain(draft.slug);

    // Published: at its normal address for everyone, on the blog list, and the preview says it is live.
    await apiFrom(workspace, 'POST', `/editor/content/blog-post/${draft.id}/status`, { action: 'publish', version: draft.version });
    for (const context of [anonymous, customer]) {
      const page = await context.newPage();
      const response = await page.goto(`/blogg/${draft.slug}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('region', { name: 'Forhåndsvisning' }).count()).toBe(0);
      await page.close();
    }
    await list.goto('/blogg');
    await list.getByText(title).first().waitFor();
    await list.close();
    const { tab } = await openTab(staff, path);
    await tab.getByRole('region', { name: 'Forhåndsvisning' }).getByText('Forhåndsvisning – publisert').waitFor();
    await tab.close();
  }, JOURNEY_TIMEOUT_MS);

  it('a scheduled poll: the editor sees its questions and when it goes live, answers closed; shoppers get the 404', async () => {
    const name = 'Utkast: hvor går vinterturen?';
    const created = await apiFrom<EditorPoll>(workspace, 'POST', '/editor/polls', {
      name,
      active: true,
      questions: [{ text: 'Fjell eller skog?', options: [{ text: 'Fjellet', correct: false }, { text: 'Skogen', correct: false }] }],
    });
    // Whatever a new poll starts as, this one goes live tomorrow.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await apiFrom(workspace, 'POST', `/editor/content/poll/${created.id}/status`, { action: 'schedule', at: tomorrow, version: created.version });
    const path = `/avstemning/${created.id}?forhandsvisning=1`;

    for (const [width, viewport] of [['1280', { width: 1280, height: 900 }], ['375', PHONE]] as const) {
      const { tab, response, errors } = await openTab(staff, path, viewport);
      expect(response?.status()).toBe(200);
      await tab.getByRole('heading', { level: 1, name }).waitFor();
      const banner = tab.getByRole('region', { name: 'Forhåndsvisning' });
      await banner.getByText(BANNER_NOT_PUBLISHED).waitFor();
      expect(await banner.innerText()).toMatch(/Status: Planlagt – publiseres \d\d\.\d\d\.\d{4} kl\. \d\d:\d\d/);
      await tab.getByText('Avstemningen tar ikke imot svar i forhåndsvisningen.').waitFor();
      expect(await tab.getByRole('radio').count()).toBe(2);
      for (const radio of await tab.getByRole('radio').all()) expect(await radio.isDisabled()).toBe(true);
      expect(await tab.getByRole('button', { name: 'Send svar' }).count()).toBe(0);
      await expectChrome(tab, width === '375');
      await shot(tab, `poll-${width}`);
      expect(errors, `console at ${width}`).toEqual([]);
      await tab.close();
    }
    const html = await serverHtml(workspace, path);
    expect(html.html).toContain(name);
    for (const context of [anonymous, customer]) await expectNotFound(context, path, name);
  }, JOURNEY_TIMEOUT_MS);

  it('a copy page taken off the site: the editor previews the edited text, shoppers get the 404 until it is published', async () => {
    const slug = 'baerekraftig-forretningspraksis';
    const edited = 'Fra neste sesong reparerer vi skalljakker gratis.';
    const item = await apiFrom<ContentItem>(workspace, 'GET', `/editor/content/page/${slug}`);
    const off = await apiFrom<{ version: number }>(workspace, 'POST', `/editor/content/page/${slug}/status`, { action: 'unpublish', version: item.version });
    const content = item.content as { title: string; body: string };
    const saved = await apiFrom<{ body: string }>(workspace, 'PUT', `/editor/pages/${slug}`, { title: content.title, body: `<p>${edited}</p>${content.body}`, version: off.version });
    expect(saved.body).toContain(edited);
    const path = `/${slug}?forhandsvisning=1`;

    const { tab, response, errors } = await openTab(staff, path);
    expect(response?.status()).toBe(200);
    await tab.getByText(edited).waitFor();
    expect(await tab.getByRole('region', { name: 'Forhåndsvisning' }).innerText()).toContain('Status: Avpublisert');
    expect(await tab.getByRole('region', { name: 'Forhåndsvisning' }).getByRole('link').getAttribute('href')).toBe(`/redaksjon/sider/${slug}`);
    expect(errors).toEqual([]);
    await tab.close();
    for (const context of [anonymous, customer]) await expectNotFound(context, `/${slug}`, edited);

    const current = await apiFrom<ContentItem>(workspace, 'GET', `/editor/content/page/${slug}`);
    await apiFrom(workspace, 'POST', `/editor/content/page/${slug}/status`, { action: 'publish', version: current.version });
    const page = await anonymous.newPage();
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    await page.getByText(edited).waitFor();
    await page.close();
  }, JOURNEY_TIMEOUT_MS);
});
