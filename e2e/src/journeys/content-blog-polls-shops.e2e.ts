/**
 * Content (issue 7) in the browser, on the routes the shell gives mf-content: the blog from list to category to post
 * to product page; answering the quiz and seeing the score and the votes; the shop locator (Norwegian weekday hours,
 * "Åpent nå"/"Stengt" on Oslo time, sorting by distance from a postcode typed on the page or sent by the home page's
 * store search); and an editor — the staff account the operator created with STAFF_EMAIL/STAFF_PASSWORD — who
 * publishes a post (and a poll) at /redaksjon that then shows on the blog pages, sanitised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RawArticle, RawBlogCategory, RawBlogPost, RawCategory, RawPaginated } from '@shop/contracts/types';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { startShop, type ShopServer } from '../support/server.js';

/** The operator's staff account, created by the server at start-up from the environment (README: Redaksjon). */
const STAFF = { email: 'redaktor.e2e@staut.no', password: 'redaksjon-e2e-1' };
const PHYSICAL_SHOPS = 14;

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  browser = await launchBrowser();
  shop = await startShop({ STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password });
});
afterAll(async () => {
  await shop?.stop();
  await browser?.close();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${shop.url}/api/v1${path}`);
  if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
  return (await response.json()) as T;
}

async function acceptCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Godta' }).click();
  await page.getByTestId('cookie-consent').waitFor({ state: 'detached' });
}

/** Logs in through the account remote's form; login reloads the page, so wait for that load. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-post eller telefonnummer').fill(email);
  await page.getByLabel('Passord').fill(password);
  const reloaded = page.waitForEvent('load');
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/api\/v1\/customers\/login(\/\w+)?$/.test(r.url()) && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Logg inn' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await reloaded;
}

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
    await logIn(page, 'demo@staut.no', 'demo1234');
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

  it('an editor publishes a post that then appears on the blog pages, sanitised, with its products', async () => {
    // Visitors and customers are kept out of /redaksjon.
    const visitorContext = await newContext(browser, shop.url);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/redaksjon');
    await acceptCookies(visitor);
    await visitor.getByRole('alert').getByText('Du må være logget inn med en redaktørkonto for å bruke redaksjonen.').waitFor();
    expect(await visitor.getByRole('heading', { name: 'Skriv innlegg' }).count()).toBe(0);
    await visitor.locator('main').getByRole('link', { name: 'Logg inn' }).click();
    await visitor.waitForURL('**/konto/logg-inn');
    await logIn(visitor, 'demo@staut.no', 'demo1234');
    await visitor.goto('/redaksjon');
    await visitor.getByRole('alert').getByText('Kontoen din har ikke tilgang til redaksjonen.').waitFor();
    expect(await visitor.getByRole('heading', { name: 'Skriv innlegg' }).count()).toBe(0);

    // Two products a shopper can see, picked through the API; the category's post count before.
    const familyBefore = (await api<RawBlogCategory[]>('/blog/categories')).find((c) => c.slug === 'barn-og-familie')!.posts_count;
    const [firstCategory] = await api<RawCategory[]>('/categories');
    const listing = await api<RawPaginated<RawArticle>>(`/categories/${firstCategory!.MainGroupID}/articles?per_page=20`);
    const [mainProduct, relatedProduct] = listing.data.filter((a) => a.VisibleOnWeb === 1);

    // The operator's staff account (STAFF_EMAIL) logs in and writes a post.
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/konto/logg-inn');
    await acceptCookies(page);
    await logIn(page, STAFF.email, STAFF.password);
    await page.goto('/redaksjon');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Skriv innlegg' }) });
    await form.waitFor();
    const title = 'Vinterklær til barnehagen';
    await form.getByLabel('Tittel').fill(title);
    await form.getByLabel(/^Tekst/).fill(
      '<h2 id="sjekkliste">Sjekkliste</h2><p>Ull innerst, <strong>regntøy</strong> ytterst.</p>' +
        '<p>Les også <a href="/blogg/hvordan-kle-barna">lag på lag</a>.</p>' +
        '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><p onclick="window.__pwned = 3">Klikk</p>',
    );
    await form.getByLabel(/Produkt-id/).fill(`${mainProduct!.ArticleID}, ${relatedProduct!.ArticleID}`);
    await form.getByRole('checkbox', { name: 'Barn og familie' }).check();
    expect(await form.getByRole('checkbox', { name: 'Publiser nå' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Lagre' }).click();
    const saved = form.getByRole('status');
    await saved.getByText('Lagret. Se innlegget på /blogg/vinterklaer-til-barnehagen').waitFor();

    // The blog list shows it first; its category counts it; the post page has the clean body and the products.
    await page.goto('/blogg');
    const cards = page.locator('main ul li a[href^="/blogg/"]');
    await cards.first().waitFor();
    expect(await cards.first().locator('strong').innerText()).toBe(title);
    const categoryNav = page.getByRole('navigation', { name: 'Kategorier' });
    await categoryNav.getByRole('link', { name: `Barn og familie (${familyBefore + 1})` }).click();
    await page.waitForURL('**/blogg/kategori/barn-og-familie');
    await page.getByRole('heading', { level: 1, name: 'Barn og familie' }).waitFor();
    await expect.poll(() => cards.count()).toBe(familyBefore + 1);
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await page.waitForURL('**/blogg/vinterklaer-til-barnehagen');
    const article = page.locator('article');
    await article.getByRole('heading', { level: 1, name: title }).waitFor();
    await article.locator('h2#sjekkliste').waitFor();
    expect(await article.innerText()).toContain('Ull innerst, regntøy ytterst.');
    expect(await article.locator('script, img[src="x"], [onclick], [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const main = article.locator('section', { has: page.getByRole('heading', { name: 'Utvalgt produkt' }) });
    const related = article.locator('section', { has: page.getByRole('heading', { name: 'Produkter i innlegget' }) });
    await main.getByText(mainProduct!.Name).first().waitFor({ timeout: 20_000 });
    await related.getByText(relatedProduct!.Name).first().waitFor({ timeout: 20_000 });

    // A site link in the body navigates inside the app (no page load: the marker survives).
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
    await article.getByRole('link', { name: 'lag på lag' }).click();
    await page.waitForURL('**/blogg/hvordan-kle-barna');
    await page.getByRole('heading', { level: 1, name: /Hvordan kle barna/ }).waitFor();
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);

    // An anonymous shopper sees the new post too.
    const shopperContext = await newContext(browser, shop.url);
    const shopper = await shopperContext.newPage();
    await shopper.goto('/blogg/vinterklaer-til-barnehagen');
    await shopper.getByRole('heading', { level: 1, name: title }).waitFor();
    await shopperContext.close();

    expect(errors).toEqual([]);
    await visitorContext.close();
    await context.close();
  });

  it("an editor's poll opens for answers at once", async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/konto/logg-inn');
    await acceptCookies(page);
    await logIn(page, STAFF.email, STAFF.password);
    await page.goto('/redaksjon');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Lag avstemning' }) });
    await form.waitFor();
    await form.getByLabel('Navn').fill('Hvor går turen i vinter?');
    await form.getByRole('textbox', { name: 'Spørsmål 1', exact: true }).fill('Hvor mange butikker har Staut?');
    await form.getByRole('textbox', { name: 'Spørsmål 1: Svar 1' }).fill('3');
    await form.getByRole('textbox', { name: 'Spørsmål 1: Svar 2' }).fill('14');
    await form.getByRole('radio', { name: 'Riktig svar' }).nth(1).check();
    await form.getByRole('button', { name: 'Lagre' }).click();
    const link = form.getByRole('status').getByRole('link', { name: /Avstemningen er lagret: \/avstemning\/\d+/ });
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/avstemning\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Hvor går turen i vinter?' }).waitFor();
    // Only the two filled-in options (the empty third is left out).
    expect(await page.getByRole('radio').count()).toBe(2);
    await page.getByLabel('14').check();
    await page.getByRole('button', { name: 'Send svar' }).click();
    await page.getByRole('status').getByText('Du har 1 av 1 riktige.').waitFor();
    await page.getByText('Riktig!').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
