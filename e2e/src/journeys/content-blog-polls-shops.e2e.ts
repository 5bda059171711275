/**
 * Content (issue 7) in the browser, on the routes the shell gives mf-content: the blog from list to category to post
 * to product page; answering the quiz and seeing the score and the votes; the shop locator (Norwegian weekday hours,
 * "Åpent nå"/"Stengt" on Oslo time, sorting by distance from a postcode typed on the page or sent by the home page's
 * store search). The editors' workspace has its own journeys (editor-*.e2e.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RawArticle, RawBlogCategory, RawBlogPost, RawCategory, RawPaginated } from '@shop/contracts/types';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { useShopAndBrowser, getJson } from '../support/journey.js';
import { acceptCookies, submitLogin } from '../support/session.js';

/** The operator's staff account, created by the server at start-up from the environment (docs/workspaces.md). */
const STAFF = { email: 'redaktor.e2e@staut.no', password: 'redaksjon-e2e-1' };
const PHYSICAL_SHOPS = 14;

let browser: Browser;
let shop: ShopServer;
useShopAndBrowser(
  (started, launched) => {
    shop = started;
    browser = launched;
  },
  { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password },
);

const api = <T>(path: string) => getJson<T>(shop.url, path);

/** Names of the shop cards in the order shown. */
const shopNames = (page: Page) => page.getByTestId('shop').getByRole('heading', { level: 2 }).allInnerTexts();

/** "33 km unna" / "850 m unna" / "1,3 km unna" → metres. */
function metres(text: string): number {
  const m = /([\d\s\u00a0]+(?:,\d)?)\s*(km|m) unna/.exec(text);
  if (!m) throw new Error(`no distance in ${JSON.stringify(text)}`);
  const value = Number(m[1]!.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return m[2] === 'km' ? value * 1000 : value;
}

async function shopDistances(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('shop').getByText(/ unna$/).allInnerTexts();
  return texts.map(metres);
}

/** The card of one shop. */
const shopCard = (page: Page, name: string) => page.getByTestId('shop').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** "Åpent nå" or "Stengt" of every card, by shop name. */
async function openStatuses(page: Page): Promise<Record<string, string>> {
  const cards = await page.getByTestId('shop').all();
  const out: Record<string, string> = {};
  for (const card of cards) {
    const name = await card.getByRole('heading', { level: 2 }).innerText();
    out[name] = await card.locator('p').filter({ hasText: /^(Åpent nå|Stengt)$/ }).innerText();
  }
  return out;
}

describe('blog, polls, shop locator and editor', () => {
  it('a blog post links to products: list → category → post → product page', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    const published = await api<RawPaginated<RawBlogPost>>('/blog/posts');
    const categories = await api<RawBlogCategory[]>('/blog/categories');
    const family = categories.find((c) => c.slug === 'barn-og-familie')!;

    await page.goto('/blogg');
    await acceptCookies(page);
    await page.getByRole('heading', { level: 1, name: 'Inspirasjon' }).waitFor();
    // Newest first, every published post on the first page (fewer than a page of 12), no "Vis flere".
    const cards = page.locator('main ul li a[href^="/blogg/"]');
    await cards.first().waitFor();
    expect(await cards.locator('strong').allInnerTexts()).toEqual(published.data.map((p) => p.title));
    expect(await page.getByRole('button', { name: 'Vis flere' }).count()).toBe(0);

    // Category links carry their post counts; following one narrows the list.
    const categoryNav = page.getByRole('navigation', { name: 'Kategorier' });
    await categoryNav.getByRole('link', { name: `${family.name} (${family.posts_count})` }).click();
    await page.waitForURL('**/blogg/kategori/barn-og-familie');
    await page.getByRole('heading', { level: 1, name: family.name }).waitFor();
    await expect.poll(() => cards.count()).toBe(family.posts_count);

    await page.getByRole('link', { name: /Hvordan kle barna/ }).click();
    await page.waitForURL('**/blogg/hvordan-kle-barna');
    const post = await api<RawBlogPost>('/blog/hvordan-kle-barna');
    const article = page.locator('article');
    await article.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(await article.innerText()).toContain('Innerst: ull');
    await article.getByRole('link', { name: 'Barn og familie' }).waitFor();

    // The main product and the related ones, as the catalogue's cards (loaded through federation), in the API's order.
    const main = article.locator('section', { has: page.getByRole('heading', { name: 'Utvalgt produkt' }) });
    const related = article.locator('section', { has: page.getByRole('heading', { name: 'Produkter i innlegget' }) });
    await main.locator('a[href^="/product/"]').first().waitFor({ timeout: 20_000 });
    expect(await main.locator('a[href^="/product/"]').count()).toBe(1);
    expect(await main.innerText()).toContain(post.main_article!.Name);
    const relatedNames = post.related_articles.filter((a) => a.ArticleID !== post.main_article?.ArticleID).map((a) => a.Name);
    expect(relatedNames.length).toBeGreaterThan(0);
    await expect.poll(() => related.locator('a[href^="/product/"]').count()).toBe(relatedNames.length);
    const relatedText = await related.innerText();
    for (const name of relatedNames) expect(relatedText).toContain(name);

    // Following the main product opens its product page.
    await main.locator('a[href^="/product/"]').first().click();
    await page.waitForURL('**/product/**');
    await page.getByRole('heading', { level: 1, name: post.main_article!.Name }).waitFor({ timeout: 20_000 });
    await page.goBack();
    await article.getByRole('heading', { level: 1, name: post.title }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('answer a poll and see the score and how everyone voted', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/avstemning');
    await acceptCookies(page);
    await page.getByRole('heading', { level: 1, name: 'Vinterquiz' }).waitFor();
    const question = (name: RegExp) => page.getByRole('group', { name });

    // The Vinterquiz has a prize draw: a visitor is told to log in (and how), and cannot answer.
    await page.getByText('Denne quizen har premietrekning, så du må være logget inn for å delta.').waitFor();
    expect(await page.getByRole('button', { name: 'Send svar' }).count()).toBe(0);
    expect(await question(/grunnlagt/).getByRole('radio').evaluateAll((rs) => rs.every((r) => (r as HTMLInputElement).disabled))).toBe(true);
    await page.locator('main').getByRole('link', { name: 'Logg inn for å delta' }).click();
    await page.waitForURL('**/konto/logg-inn');
    await submitLogin(page, { email: 'demo@staut.no', password: 'demo1234' });
    await page.goto('/avstemning');
    await page.getByRole('heading', { level: 1, name: 'Vinterquiz' }).waitFor();

    // Sending nothing asks for an answer.
    await page.getByRole('button', { name: 'Send svar' }).click();
    await page.getByRole('alert').getByText('Velg et svar på minst ett spørsmål.').waitFor();

    // Two now (one right, one wrong): the score counts what has been answered.
    await question(/grunnlagt/).getByLabel('2012').check();
    await question(/vannsøylen/).getByLabel('Hvor mye jakka veier når den er våt').check();
    await page.getByRole('button', { name: 'Send svar' }).click();
    await page.getByRole('status').getByText('Du har 1 av 4 riktige.').waitFor();
    await question(/grunnlagt/).getByText('Riktig!').waitFor();
    await question(/vannsøylen/).getByText('Feil svar').waitFor();
    // The votes: two demo customers chose 2012 before; nobody had chosen the wrong answer.
    expect(await question(/grunnlagt/).innerText()).toMatch(/2012 – 3 stemmer/);
    expect(await question(/vannsøylen/).innerText()).toMatch(/våt – 1 stemme\b/);
    expect(await question(/grunnlagt/).getByRole('radio').evaluateAll((rs) => rs.every((r) => (r as HTMLInputElement).disabled))).toBe(true);

    // The rest later; the answers stay answered.
    await question(/ullundertøy/).getByLabel('Ullprogram, maks 30 °C').check();
    await question(/garanti/).getByLabel('5 år').check();
    await page.getByRole('button', { name: 'Send svar' }).click();
    await page.getByRole('status').getByText('Du har 3 av 4 riktige.').waitFor();
    expect(await page.getByText('Riktig!').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Send svar' }).count()).toBe(0);

    // The customer's answers: after a reload the answers and the score are still there, nothing to send.
    await page.reload();
    await page.getByRole('status').getByText('Du har 3 av 4 riktige.').waitFor();
    expect(await question(/garanti/).getByLabel('5 år').isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send svar' }).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the shop locator: Norwegian weekday hours, open now on Oslo time, sorted by distance from a postcode', async () => {
    // A browser on UTC (a shopper abroad, or this machine): "Åpent nå" must still follow the shops' clock in Norway.
    const context = await newContext(browser, shop.url, { timezoneId: 'UTC' });
    // Sunday 29 November 2026, 11:30 in Norway (10:30 UTC): only Geilo is open on Sundays (11–16).
    await context.clock.install({ time: new Date('2026-11-29T11:30:00+01:00') });
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    const notFound: string[] = [];
    page.on('response', (r) => r.status() === 404 && notFound.push(new URL(r.url()).pathname));
    await page.goto('/butikker');
    await acceptCookies(page);
    await page.getByRole('heading', { level: 1, name: 'Butikker' }).waitFor();
    await page.getByTestId('shop').first().waitFor();

    // The physical shops only: the web shop's warehouse is no place to visit.
    const names = await shopNames(page);
    expect(names).toHaveLength(PHYSICAL_SHOPS);
    expect(names).not.toContain('Nettbutikk');

    const geilo = shopCard(page, 'Geilo');
    const hours = async (card: ReturnType<typeof shopCard>) =>
      (await card.getByRole('table', { name: 'Åpningstider' }).getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(await hours(geilo)).toEqual([
      'mandag 09:00–18:00',
      'tirsdag 09:00–18:00',
      'onsdag 09:00–18:00',
      'torsdag 09:00–18:00',
      'fredag 09:00–18:00',
      'lørdag 09:00–17:00',
      'søndag 11:00–16:00',
    ]);
    expect(await hours(shopCard(page, 'Oslo Sentrum'))).toEqual([
      'mandag 10:00–20:00',
      'tirsdag 10:00–20:00',
      'onsdag 10:00–20:00',
      'torsdag 10:00–20:00',
      'fredag 10:00–20:00',
      'lørdag 10:00–18:00',
      'søndag Stengt',
    ]);
    expect(await openStatuses(page)).toEqual(Object.fromEntries(names.map((name) => [name, name === 'Geilo' ? 'Åpent nå' : 'Stengt'])));

    // Monday 20:30: the mall shop in Nydalen (10–21) is open, the one on Karl Johan (10–20) has closed.
    await context.clock.setSystemTime(new Date('2026-11-30T20:30:00+01:00'));
    await page.reload();
    await page.getByTestId('shop').first().waitFor();
    const monday = await openStatuses(page);
    expect([monday['Oslo Nydalen'], monday['Oslo Sentrum'], monday['Geilo']]).toEqual(['Åpent nå', 'Stengt', 'Stengt']);

    // A postcode that is not one: a Norwegian message, the list unchanged.
    const postcode = page.getByRole('textbox', { name: 'Postnummer' });
    await postcode.fill('12');
    await page.getByRole('button', { name: 'Sorter etter avstand' }).click();
    await page.getByRole('alert').getByText('Skriv et postnummer med fire sifre.').waitFor();
    await postcode.fill('0000');
    await page.getByRole('button', { name: 'Sorter etter avstand' }).click();
    await page.getByRole('alert').getByText('Fant ikke postnummeret.').waitFor();

    // 2060 Gardermoen: the two Oslo shops first, then Hamar; every card has its distance, nearest first.
    await postcode.fill('2060');
    await page.getByRole('button', { name: 'Sorter etter avstand' }).click();
    await expect.poll(async () => (await shopNames(page)).slice(0, 3)).toEqual(['Oslo Nydalen', 'Oslo Sentrum', 'Hamar']);
    expect(await page.getByRole('alert').count()).toBe(0);
    const distances = await shopDistances(page);
    expect(distances).toHaveLength(PHYSICAL_SHOPS);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeGreaterThan(25_000);
    expect(distances[0]).toBeLessThan(40_000);

    // From the home page's store search: /butikker?postnummer=9008 → Tromsø, then Alta, then Bodø.
    await page.goto('/');
    const storeSearch = page.locator('[data-slot="store-search"]');
    await storeSearch.getByRole('textbox', { name: 'Postnummer' }).fill('9008');
    await storeSearch.getByRole('button', { name: 'Finn butikk' }).click();
    await page.waitForURL('**/butikker?postnummer=9008');
    await expect.poll(async () => (await shopNames(page)).slice(0, 3)).toEqual(['Tromsø', 'Alta', 'Bodø']);
    expect(await page.getByRole('textbox', { name: 'Postnummer' }).inputValue()).toBe('9008');
    expect(await shopCard(page, 'Tromsø').getByText(/ unna$/).innerText()).toBe('0 m unna');

    // The unknown postcode's lookup is the only request that failed (the browser logs it as a console error).
    expect(notFound).toEqual(['/api/v1/postalcodes/0000']);
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });
});
