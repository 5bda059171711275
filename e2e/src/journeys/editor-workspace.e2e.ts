/**
 * The editors' workspace (issue 23) as editors use it: the overview of all content (search, filters and paging kept in
 * the address), an item's screen (schedule on Oslo time, unpublish with the public API answering 404 at once),
 * history (compare a save with the one before, restore it), unsaved changes guarded against a link and the browser's
 * Back/Forward, two editors on the same post (the second gets the conflict screen with both versions), and axe on
 * the overview and the item screen at 1280 and 375 px.
 * Edits go through the API with the page's own session where an editor form is not this journey's subject: the
 * frame works with any editor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ContentItem, ContentPage, EditorBlogPost } from '@shop/contracts/types';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { startShop, type ShopServer } from '../support/server.js';
import { acceptCookies, seriousAxe, submitLogin } from '../support/session.js';
import { osloDaysAhead } from '../support/workspace.js';

/** The operator's editor account (STAFF_EMAIL/STAFF_PASSWORD) and the seeded one: two editors with their own names. */
const STAFF = { email: 'redaktor.e2e@staut.no', password: 'redaksjon-e2e-1', name: 'Redaksjon Staut' };
const SEEDED_EDITOR = { email: 'ansatt@staut.no', password: 'ansatt1234', name: 'Staut Redaksjon' };
const PER_PAGE = 25;

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** From the workspace's login notice to the account remote's form and back; login reloads the page. */
async function logInToWorkspace(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/redaksjon');
  await acceptCookies(page);
  await page.getByRole('main').getByRole('link', { name: 'Logg inn' }).click();
  await submitLogin(page, account);
  await page.goto('/redaksjon');
  await page.getByRole('heading', { level: 2, name: 'Alt innhold' }).waitFor();
}

async function editor(account: { email: string; password: string }, viewport = { width: 1280, height: 900 }) {
  const context = await newContext(browser, shop.url, { viewport });
  // Two editors and axe on one busy two-core machine: a page may take longer than Playwright's 30 s default.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const { errors } = watchErrors(page);
  await logInToWorkspace(page, account);
  // The workspace asked for the session before the login (401, which Chromium logs as a failed resource): expected.
  errors.length = 0;
  return { context, page, errors };
}

/** The editor API with the page's session cookie and CSRF token, as the workspace's own calls go. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, data: (await response.json().catch(() => null)) as T };
    },
    { method, path, body },
  );
}

/** A post saved as an editor form saves it: its current fields, some changed, based on the version read. */
async function savePost(page: Page, id: number, change: Partial<EditorBlogPost>): Promise<ContentItem> {
  const { data: item } = await api<ContentItem>(page, 'GET', `/editor/content/blog-post/${id}`);
  const post = { ...(item.content as EditorBlogPost), ...change };
  const saved = await api<EditorBlogPost>(page, 'PUT', `/editor/blog/posts/${id}`, {
    title: post.title,
    slug: post.slug,
    body: post.body,
    ...(post.featured_image ? { featured_image: post.featured_image } : {}),
    main_article_id: post.main_article_id,
    related_article_ids: post.related_article_ids,
    category_ids: post.category_ids,
    published: item.status === 'published',
    version: item.version,
  });
  expect(saved.status).toBe(200);
  return (await api<ContentItem>(page, 'GET', `/editor/content/blog-post/${id}`)).data;
}

const rows = (page: Page) => page.getByTestId('content-row');
const rowTitles = (page: Page) => rows(page).locator('th a').allInnerTexts();
const search = (page: Page) => new URL(page.url()).search;

/** The overview has shown the list for the address (its count line), not the one before. */
async function listed(page: Page, total: number): Promise<void> {
  await page.locator('section[aria-busy="false"]', { has: page.getByRole('heading', { level: 2, name: 'Alt innhold' }) }).waitFor();
  await page.getByRole('status').filter({ hasText: total === 1 ? /^1 treff$/ : new RegExp(`^${total} treff$`) }).waitFor();
}

async function axe(page: Page, where: string): Promise<void> {
  expect((await seriousAxe(page)).map((finding) => `${where}: ${finding}`)).toEqual([]);
}

describe('Redaksjon: overview, item screen, history and conflicts', () => {
  let a: { context: BrowserContext; page: Page; errors: string[] };

  beforeAll(async () => {
    a = await editor(STAFF);
  }, 120_000);
  afterAll(async () => {
    await a?.context.close();
  });

  it('the overview lists every kind of content; search, filters and paging narrow it and live in the address', async () => {
    const { page } = a;
    // Enough drafts for a second page of the overview.
    for (let i = 1; i <= 12; i++) {
      const created = await api<EditorBlogPost>(page, 'POST', '/editor/blog/posts', { title: `Utkast fra redaksjonen ${i}`, body: `<p>Utkast ${i}.</p>`, published: false });
      expect(created.status).toBe(201);
    }
    const all = (await api<ContentPage>(page, 'GET', '/editor/content')).data;
    expect(all.meta.total).toBeGreaterThan(PER_PAGE);
    expect(new Set(all.data.map((row) => row.type))).toEqual(new Set(['blog-post', 'poll', 'home-layout', 'page']));

    await page.reload();
    await listed(page, all.meta.total);
    expect(await rowTitles(page)).toEqual(all.data.map((row) => row.title));
    const firstRow = rows(page).first();
    expect(await firstRow.innerText()).toContain('Utkast');
    expect(await firstRow.innerText()).toContain(STAFF.name);
    for (const name of ['Nytt innlegg', 'Ny avstemning', 'Nytt forsideoppsett']) await page.getByRole('link', { name }).waitFor();

    // Paging: the next page is the API's second page, in the address; back returns to the first.
    await page.getByRole('navigation', { name: 'Sider i oversikten' }).getByText(`Side 1 av ${all.meta.last_page}`).waitFor();
    await page.getByRole('link', { name: 'Neste side' }).click();
    await page.waitForURL(/\?side=2$/);
    const second = (await api<ContentPage>(page, 'GET', '/editor/content?page=2')).data;
    await expect.poll(() => rowTitles(page)).toEqual(second.data.map((row) => row.title));
    await page.goBack();
    await expect.poll(() => rows(page).count()).toBe(PER_PAGE);
    expect(search(page)).toBe('');

    // Search: by title, kept in the address.
    await page.getByLabel('Søk i tittel eller adresse').fill('vinter');
    await page.getByRole('search', { name: 'Søk og filtrer' }).getByRole('button', { name: 'Søk' }).click();
    await page.waitForURL(/\?q=vinter$/);
    const found = (await api<ContentPage>(page, 'GET', '/editor/content?q=vinter')).data;
    expect(found.meta.total).toBeGreaterThan(0);
    await listed(page, found.meta.total);
    expect(await rowTitles(page)).toEqual(found.data.map((row) => row.title));

    // Type filter on top of the search; a reload keeps both.
    await page.getByLabel('Type').selectOption('poll');
    await page.waitForURL(/\?type=poll&q=vinter$/);
    const polls = (await api<ContentPage>(page, 'GET', '/editor/content?type=poll&q=vinter')).data;
    await listed(page, polls.meta.total);
    expect(await rowTitles(page)).toEqual(polls.data.map((row) => row.title));
    expect(await rows(page).locator('td[data-label="Type"]').allInnerTexts()).toEqual(polls.data.map(() => 'Avstemning'));
    await page.reload();
    await listed(page, polls.meta.total);
    expect(await page.getByLabel('Type').inputValue()).toBe('poll');
    expect(await page.getByLabel('Søk i tittel eller adresse').inputValue()).toBe('vinter');

    // Status filter alone: the drafts.
    await page.getByRole('link', { name: 'Nullstill' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.getByLabel('Status').selectOption('draft');
    await page.waitForURL(/\?status=draft$/);
    const drafts = (await api<ContentPage>(page, 'GET', '/editor/content?status=draft')).data;
    await listed(page, drafts.meta.total);
    expect(await rows(page).locator('td[data-label="Status"]').allInnerTexts()).toEqual(drafts.data.map(() => 'Utkast'));

    // Nothing matches: said in Norwegian.
    await page.goto('/redaksjon?q=finnes-ikke-i-det-hele-tatt');
    await page.getByText('Ingenting passer søket eller filtrene.', { exact: false }).waitFor();
    await listed(page, 0);
  });

  it('an editor schedules a post on Oslo time and unpublishes another: the public API answers 404 at once', async () => {
    const { page } = a;
    const tomorrow = osloDaysAhead(1);
    await page.goto('/redaksjon?q=dunjakka');
    await rows(page).getByRole('link', { name: 'Slik tar du vare på dunjakka' }).click();
    await page.waitForURL('**/redaksjon/innlegg/6');
    await page.getByRole('heading', { level: 2, name: 'Slik tar du vare på dunjakka' }).waitFor();
    await page.getByRole('link', { name: /Forhåndsvis/ }).waitFor();
    expect(await page.getByRole('link', { name: /Forhåndsvis/ }).getAttribute('href')).toBe('/blogg/slik-tar-du-vare-pa-dunjakka?forhandsvisning=1');

    await page.getByLabel('Dato', { exact: true }).fill(tomorrow.date);
    await page.getByLabel('Klokkeslett', { exact: true }).fill('12:30');
    await page.getByRole('button', { name: 'Planlegg publisering' }).click();
    await page.getByText(`Planlagt publisert ${tomorrow.printed} kl. 12:30.`).waitFor();
    await page.getByText(`Publiseres ${tomorrow.printed} kl. 12:30 (norsk tid).`).waitFor();
    // Not live until then.
    expect((await fetch(`${shop.url}/api/v1/blog/slik-tar-du-vare-pa-dunjakka`)).status).toBe(404);

    await page.getByRole('link', { name: 'Tilbake til oversikten' }).click();
    await page.getByLabel('Status').selectOption('scheduled');
    await page.waitForURL(/\?status=scheduled$/);
    const row = rows(page).filter({ hasText: 'Slik tar du vare på dunjakka' });
    await row.waitFor();
    expect(await row.locator('td[data-label="Status"]').innerText()).toMatch(new RegExp(`Planlagt\\s+Publiseres ${tomorrow.printed.replace(/\./g, '\\.')} kl\\. 12:30`));

    // A published post, taken off the site.
    expect((await fetch(`${shop.url}/api/v1/blog/smoretips-for-langrenn`)).status).toBe(200);
    await page.goto('/redaksjon/innlegg/8');
    await page.getByRole('heading', { level: 2, name: 'Smøretips for langrenn' }).waitFor();
    await page.getByRole('button', { name: 'Avpubliser' }).click();
    await page.getByText('Avpublisert. Innholdet er tatt av nettstedet.').waitFor();
    await page.getByText('Tatt av nettstedet.', { exact: true }).waitFor();
    expect((await fetch(`${shop.url}/api/v1/blog/smoretips-for-langrenn`)).status).toBe(404);

    // The shopper's page says so (a 404 document; a context without the editor's session).
    const shopper = await newContext(browser, shop.url);
    const blog = await shopper.newPage();
    const response = await blog.goto('/blogg/smoretips-for-langrenn');
    expect(response?.status()).toBe(404);
    await blog.getByText('Vi fant ikke siden du lette etter.').first().waitFor();
    await shopper.close();
  });

  it('unsaved changes: a link, Back and Forward ask first; "Bli på siden" keeps the text, "Forlat uten å lagre" goes', async () => {
    const { page } = a;
    // Into a post from the overview, inside the app: Back is then a step within the same page.
    await page.goto('/redaksjon');
    const firstRow = rows(page).locator('th a[href*="/innlegg/"]').first();
    await firstRow.waitFor();
    const postPath = new URL((await firstRow.getAttribute('href'))!, shop.url).pathname;
    await firstRow.click();
    await page.waitForURL((url) => url.pathname === postPath);
    const title = page.getByLabel('Tittel', { exact: true });
    await title.waitFor();
    const saved = await title.inputValue();
    await title.fill(`${saved} (utkast)`);
    const dialog = page.getByRole('dialog', { name: 'Forlate siden?' });

    // A link in the workspace.
    await page.getByRole('link', { name: 'Tilbake til oversikten' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Bli på siden' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(postPath);

    // The browser's Back: stopped, asked; staying keeps the page and what was typed.
    await page.goBack({ timeout: 5_000 }).catch(() => undefined);
    await dialog.waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe(postPath);
    await dialog.getByRole('button', { name: 'Bli på siden' }).click();
    expect(await title.inputValue()).toBe(`${saved} (utkast)`);

    // Back again, and leave: the overview, and the draft is gone (nothing was saved).
    await page.goBack({ timeout: 5_000 }).catch(() => undefined);
    await dialog.getByRole('button', { name: 'Forlat uten å lagre' }).click();
    await page.waitForURL((url) => url.pathname === '/redaksjon');
    await page.getByRole('heading', { level: 2, name: 'Alt innhold' }).waitFor();
    // Forward with nothing unsaved goes straight back to the post, as it was.
    await page.goForward();
    await page.waitForURL((url) => url.pathname === postPath);
    expect(await page.getByLabel('Tittel', { exact: true }).inputValue()).toBe(saved);
  });

  it('history: each save is a version; compare one with the one before, restore an earlier one', async () => {
    const { page } = a;
    await page.goto('/redaksjon');
    await savePost(page, 5, { title: 'Slik vasker du ull – versjon to', body: '<p>Bruk ullvask.</p><p>Maks 30 grader.</p>' });
    const third = await savePost(page, 5, { title: 'Slik vasker du ull – versjon tre', body: '<p>Bruk ullvask.</p><p>Maks 40 grader.</p><p>Tørk flatt.</p>' });
    expect(third.version).toBe(3);

    await page.goto('/redaksjon/innlegg/5');
    await page.getByRole('heading', { level: 2, name: 'Slik vasker du ull – versjon tre' }).waitFor();
    const history = page.getByRole('complementary', { name: 'Publisering og historikk' });
    await expect.poll(() => history.getByTestId('revision').locator('strong').allInnerTexts()).toEqual(['Versjon 3', 'Versjon 2']);
    expect(await history.getByTestId('revision').first().innerText()).toContain(`(gjeldende)`);
    expect(await history.getByTestId('revision').first().innerText()).toContain(STAFF.name);

    await history.getByRole('button', { name: 'Sammenlign versjon 3 med forrige' }).click();
    const comparison = history.getByTestId('comparison');
    await comparison.getByRole('heading', { name: 'Endringer fra versjon 2 til versjon 3' }).waitFor();
    await expect.poll(() => comparison.getByTestId('compare-row').count()).toBe(3);
    const changes = await comparison.getByTestId('compare-row').allInnerTexts();
    expect(changes[0]).toMatch(/Tittel\s+Slik vasker du ull – versjon to\s+Slik vasker du ull – versjon tre/);
    expect(changes[1]).toMatch(/Tekst, avsnitt 2\s+Maks 30 grader\.\s+Maks 40 grader\./);
    expect(changes[2]).toMatch(/Tekst, avsnitt 3 \(Lagt til\)\s+—\s+Tørk flatt\./);

    await history.getByRole('button', { name: 'Gjenopprett versjon 2' }).click();
    await page.getByText('Versjon 2 er gjenopprettet som en ny versjon. Publiseringen er uendret.').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Slik vasker du ull – versjon to' }).waitFor();
    await expect.poll(() => history.getByTestId('revision').locator('strong').allInnerTexts()).toEqual(['Versjon 4', 'Versjon 3', 'Versjon 2']);
    const restored = (await api<ContentItem>(page, 'GET', '/editor/content/blog-post/5')).data;
    expect({ version: restored.version, title: restored.title, status: restored.status }).toEqual({ version: 4, title: 'Slik vasker du ull – versjon to', status: 'published' });
    expect((restored.content as EditorBlogPost).body).toBe('<p>Bruk ullvask.</p><p>Maks 30 grader.</p>');
  });

  it('two editors on one post: the second change on a stale version gets the conflict screen with both versions', async () => {
    const { page } = a;
    const b = await editor(SEEDED_EDITOR);
    await page.goto('/redaksjon/innlegg/4');
    await b.page.goto('/redaksjon/innlegg/4');
    for (const p of [page, b.page]) await p.getByRole('heading', { level: 2, name: 'Furet, værbitt – Vikafjell' }).waitFor();

    // The other editor saves first (from their own session).
    await savePost(b.page, 4, { title: 'Furet, værbitt – Vikafjell i vinterlys' });
    // This editor still has version 1 open: unpublishing it is refused, nothing is overwritten.
    await page.getByRole('button', { name: 'Avpubliser' }).click();
    const conflict = page.getByTestId('conflict');
    await conflict.getByRole('heading', { level: 3, name: 'Noen andre har lagret i mellomtiden' }).waitFor();
    expect(await conflict.getByRole('alert').innerText()).toMatch(new RegExp(`Innlegget er endret av ${SEEDED_EDITOR.name} kl\\. \\d\\d:\\d\\d \\(\\d\\d\\.\\d\\d\\.\\d{4}\\)`));
    expect(await conflict.getByRole('columnheader').allInnerTexts()).toEqual(['Felt', 'Det du så', 'Lagret versjon']);
    expect(await conflict.getByTestId('compare-row').first().innerText()).toMatch(/Tittel\s+Furet, værbitt – Vikafjell\s+Furet, værbitt – Vikafjell i vinterlys/);
    expect((await fetch(`${shop.url}/api/v1/blog/furet-vaerbitt-vikafjell`)).status).toBe(200);

    await conflict.getByRole('button', { name: 'Last inn lagret versjon' }).click();
    await page.getByRole('heading', { level: 2, name: 'Furet, værbitt – Vikafjell i vinterlys' }).waitFor();
    await page.getByRole('button', { name: 'Avpubliser' }).click();
    await page.getByText('Avpublisert. Innholdet er tatt av nettstedet.').waitFor();

    // Again, on the form: this editor's unsaved title meets the other's saved text. "Behold min versjon" fills the form
    // with this editor's change on top of the stored version, and the next save keeps both.
    const mine = 'Vikafjell – min tittel';
    const form = page.locator('main form');
    await form.getByLabel('Tittel').fill(mine);
    const theirs = await savePost(b.page, 4, { body: '<p>Den andres nye tekst.</p>' });
    await form.getByRole('button', { name: 'Lagre endringer' }).click();
    await conflict.getByRole('heading', { level: 3, name: 'Noen andre har lagret i mellomtiden' }).waitFor();
    await conflict.getByRole('button', { name: 'Behold min versjon' }).click();
    expect(await form.getByLabel('Tittel').inputValue()).toBe(mine);
    await form.getByRole('button', { name: 'Lagre endringer' }).click();
    await page.getByText('Lagret.', { exact: true }).waitFor();
    const kept = (await api<ContentItem>(page, 'GET', '/editor/content/blog-post/4')).data;
    expect(kept.version).toBe(theirs.version + 1);
    expect((kept.content as EditorBlogPost).title).toBe(mine);
    expect(b.errors).toEqual([]);
    await b.context.close();
    // The refused changes are the failed requests Chromium logs: expected, and nothing else.
    expect(a.errors).toEqual(Array(2).fill('console: Failed to load resource: the server responded with a status of 409 (Conflict)'));
  });
});

describe('Redaksjon at 1280 and 375 px: axe finds nothing serious or critical', () => {
  // axe reads the whole page three times per width: more than the default minute on a busy two-core machine.
  const AXE_TIMEOUT = 240_000;
  for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 740 }]) {
    it(`overview, a post's and a home layout's screen at ${viewport.width} px`, async () => {
      const { context, page, errors } = await editor(STAFF, viewport);
      await page.goto('/redaksjon?type=blog-post');
      await rows(page).first().waitFor();
      await axe(page, `overview @${viewport.width}`);
      await page.goto('/redaksjon/innlegg/1');
      await page.getByRole('heading', { level: 3, name: 'Historikk' }).waitFor();
      await page.getByText('Ingen lagrede versjoner ennå. Hver lagring blir en versjon her.').waitFor();
      await axe(page, `post @${viewport.width}`);
      await page.goto('/redaksjon/forside/vinter');
      await page.getByLabel('Til dato').waitFor();
      await axe(page, `home layout @${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }, AXE_TIMEOUT);
  }
});
