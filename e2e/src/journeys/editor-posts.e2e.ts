/**
 * Redaksjon (issue 23): an editor writes a blog post in the rich-text editor with the keyboard (heading, bold, a
 * list, a link), inserts an image uploaded there with its alternative text and a product card, picks the post's
 * products, saves a draft, publishes it and sees it on /blogg and at its own address exactly as written; then edits
 * a copy page's text and sees it on that page. axe on the post editor at 1280 and 375 px. Visitors and customers are
 * kept out.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RawArticle, RawCategory, RawPaginated } from '@shop/contracts/types';
import { newContext, watchErrors } from '../support/browser.js';
import { artifactsDir } from '../support/paths.js';
import type { ShopServer } from '../support/server.js';
import { useShopAndBrowser, getJson } from '../support/journey.js';
import { acceptCookies, logIn, seriousAxe, submitLogin } from '../support/session.js';
import { publishFromWorkspace } from '../support/workspace.js';

/** The operator's staff account, created by the server at start-up from the environment (docs/workspaces.md). */
const STAFF = { email: 'redaktor.posts@staut.no', password: 'redaksjon-e2e-1' };

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

/** A small PNG made here (a 400 × 300 gradient), so the journey uploads a real image without a fixture file. */
function png(width = 400, height = 300): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 160], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Chooses products in a product picker: search by article id, take the first hit with the keyboard. */
async function pickProducts(scope: Locator | Page, label: string, articles: RawArticle[]): Promise<void> {
  const search = scope.getByRole('combobox', { name: label, exact: true });
  for (const article of articles) {
    await search.fill(String(article.ArticleID));
    await scope.getByRole('option', { name: new RegExp(article.Name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await scope.getByRole('list', { name: `Valgte produkter: ${label}` }).getByText(article.Name).first().waitFor();
  }
}

/** A browser context for this file: the first pages of a cold server on a busy machine may take longer than 30 s. */
async function newContextForFile() {
  const created = await newContext(browser, shop.url);
  created.setDefaultNavigationTimeout(90_000);
  return created;
}

/** Two animation frames: the page has rendered what the last keys did. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

describe('Redaksjon: posts and copy pages', () => {
  it('visitors and customers are kept out of the workspace', async () => {
    const context = await newContextForFile();
    const page = await context.newPage();
    await page.goto('/redaksjon/innlegg/ny');
    await acceptCookies(page);
    await page.getByRole('alert').getByText('Du må være logget inn med en redaktørkonto for å bruke redaksjonen.').waitFor();
    expect(await page.getByRole('toolbar').count()).toBe(0);
    await page.goto('/konto/logg-inn');
    await submitLogin(page, { email: 'demo@staut.no', password: 'demo1234' });
    await page.goto('/redaksjon/innlegg/ny');
    await page.getByRole('alert').getByText('Kontoen din har ikke tilgang til redaksjonen.').waitFor();
    expect(await page.getByRole('toolbar').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('an editor writes a post with the keyboard, adds an image and products, publishes it and sees it on the blog as written', async () => {
    const [firstCategory] = await api<RawCategory[]>('/categories');
    const listing = await api<RawPaginated<RawArticle>>(`/categories/${firstCategory!.MainGroupID}/articles?per_page=20`);
    const [mainProduct, relatedProduct, cardProduct] = listing.data.filter((a) => a.VisibleOnWeb === 1);

    const context = await newContextForFile();
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await logIn(page, STAFF);
    await page.goto('/redaksjon/innlegg/ny');
    const form = page.locator('main form');
    const body = form.getByRole('textbox', { name: 'Tekst', exact: true });
    await body.waitFor();
    const toolbar = form.getByRole('toolbar', { name: 'Formatering: Tekst' });

    // axe on the post editor, at both widths.
    expect(await seriousAxe(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await seriousAxe(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The toolbar is one Tab stop: the arrow keys move between its buttons, and it keeps the last one for next time.
    const focusedTool = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await toolbar.getByRole('button').evaluateAll((buttons) => buttons.filter((b) => (b as HTMLButtonElement).tabIndex === 0).length)).toBe(1);
    await toolbar.getByRole('button').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedTool()).toBe('Fet');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    expect(await focusedTool()).toBe(await toolbar.getByRole('button').first().textContent());
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focusedTool()).toBe(await toolbar.getByRole('button').last().textContent());

    // Title; the address follows it by the shop's slug rule and is shown whole.
    const title = 'Vinterklær til barnehagen';
    await form.getByLabel('Tittel').fill(title);
    expect(await form.getByLabel('Adresse (slug)').inputValue()).toBe('vinterklaer-til-barnehagen');
    await form.getByText('Innlegget får adressen /blogg/vinterklaer-til-barnehagen').waitFor();
    await form.getByRole('checkbox', { name: 'Barn og familie' }).check();

    // The text, with the keyboard only: "## " makes a heading, Ctrl+B bold, "- " a list, Ctrl+K a link.
    await body.click();
    await page.keyboard.type('## Sjekkliste');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Ull innerst, ');
    await page.keyboard.press('Control+b');
    expect(await toolbar.getByRole('button', { name: 'Fet' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('regntøy');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' ytterst.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Lue');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Votter');
    expect(await toolbar.getByRole('button', { name: 'Punktliste' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Les også lag på lag.');
    // A person's next keys come after the editor has shown the last ones (playwright's come within microseconds).
    await body.getByText('Les også lag på lag.').waitFor();
    await settled(page);
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'lag på lag'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await settled(page);
    await page.keyboard.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Sett inn lenke' });
    await linkDialog.getByLabel('Adresse').fill('blogg/hvordan-kle-barna');
    await page.keyboard.press('Enter');
    await linkDialog.getByText('Adressen må begynne med / (en side i nettbutikken) eller https://.').waitFor();
    await linkDialog.getByLabel('Adresse').fill('/blogg/hvordan-kle-barna');
    await page.keyboard.press('Enter');
    await linkDialog.waitFor({ state: 'detached' });
    await page.keyboard.press('End');

    // An image dragged from the desktop onto the upload field (the file picker: editor-home.e2e.ts), with its
    // alternative text, goes in where the cursor is.
    await toolbar.getByRole('button', { name: 'Bilde' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Sett inn bilde' });
    const dropZone = imageDialog.getByTestId('image-drop-zone');
    const dragged = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'regntoy.png', { type: 'image/png' }));
      return transfer;
    }, [...png()]);
    for (const type of ['dragenter', 'dragover', 'drop']) await dropZone.dispatchEvent(type, { dataTransfer: dragged });
    await imageDialog.getByText(/^Valgt: regntoy\.png \(/).waitFor();
    await imageDialog.getByLabel('Alternativ tekst').fill('Barn i regntøy på tur');
    await imageDialog.getByRole('button', { name: 'Last opp' }).click();
    await imageDialog.waitFor({ state: 'detached', timeout: 30_000 });
    await body.locator('picture img[alt="Barn i regntøy på tur"]').waitFor();

    // A product card, shown in the editor with the product's name.
    await toolbar.getByRole('button', { name: 'Produktkort' }).click();
    const productDialog = page.getByRole('dialog', { name: 'Sett inn produktkort' });
    await pickProducts(productDialog, 'Produkt', [cardProduct!]);
    await productDialog.getByRole('button', { name: 'Sett inn' }).click();
    await body.getByTestId('editor-product-card').getByText(`Produktkort: ${cardProduct!.Name}`).waitFor({ timeout: 20_000 });

    await pickProducts(form, 'Utvalgt produkt', [mainProduct!]);
    await pickProducts(form, 'Produkter i innlegget', [relatedProduct!]);

    // What the editor looked like, for the closing note (e2e/artifacts, not checked in).
    await page.screenshot({ path: `${artifactsDir}/editor-post-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: `${artifactsDir}/editor-post-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Save a draft: the workspace moves to the post's own address.
    await form.getByRole('button', { name: 'Lagre utkast' }).click();
    await page.waitForURL(/\/redaksjon\/innlegg\/\d+$/);
    await form.getByRole('textbox', { name: 'Tekst', exact: true }).locator('h2', { hasText: 'Sjekkliste' }).waitFor();
    // A draft is not on the blog.
    expect((await fetch(`${shop.url}/blogg/vinterklaer-til-barnehagen`)).status).toBe(404);

    await publishFromWorkspace(page);

    // The blog list shows it first; the post page has exactly the text written, the image and the products.
    await page.goto('/blogg');
    const cards = page.locator('main ul li a[href^="/blogg/"]');
    await cards.first().waitFor();
    expect(await cards.first().locator('strong').innerText()).toBe(title);
    await cards.first().click();
    await page.waitForURL('**/blogg/vinterklaer-til-barnehagen');
    const article = page.locator('article');
    await article.getByRole('heading', { level: 1, name: title }).waitFor();
    const text = article.locator('h2', { hasText: 'Sjekkliste' }).locator('xpath=..');
    expect(await text.innerHTML()).toMatch(
      new RegExp(
        '^<h2>Sjekkliste</h2><p>Ull innerst, <strong>regntøy</strong> ytterst\\.</p><ul><li><p>Lue</p></li><li><p>Votter</p></li></ul>' +
          '<p>Les også <a href="/blogg/hvordan-kle-barna">lag på lag</a>\\.</p><picture><source type="image/avif" srcset="/api/v1/images/uploads/',
      ),
    );
    const image = text.locator('picture img');
    expect(await image.getAttribute('alt')).toBe('Barn i regntøy på tur');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await article.locator('section', { has: page.getByRole('heading', { name: 'Utvalgt produkt' }) }).getByText(mainProduct!.Name).first().waitFor({ timeout: 20_000 });
    await article.locator('section', { has: page.getByRole('heading', { name: 'Produkter i innlegget' }) }).getByText(relatedProduct!.Name).first().waitFor({ timeout: 20_000 });

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("an editor changes a live copy page without shoppers seeing it, previews it, publishes it; its e-mail link survives", async () => {
    const context = await newContextForFile();
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await logIn(page, STAFF);
    await page.goto('/redaksjon/sider/kundeservice');
    const form = page.locator('main form');
    const body = form.getByRole('textbox', { name: 'Tekst', exact: true });
    await body.locator('h2', { hasText: 'Kontakt oss' }).waitFor();
    // To the end of the first paragraph from the start of the heading after it: End would stop at the end of a
    // wrapped line, which depends on the editor's width.
    await body.locator('h2', { hasText: 'Kontakt oss' }).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    const added = ' Vi svarer også i chatten på hverdager.';
    await page.keyboard.type(added);
    // The page is live: the first button keeps the change from shoppers.
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/editor/pages/kundeservice') && r.request().method() === 'PUT'),
      form.getByRole('button', { name: 'Lagre uten å publisere' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await page.getByText('Lagret uten å publisere. Kundene ser den publiserte versjonen til du publiserer endringene.').waitFor();
    await page.locator('main header').getByText('Upubliserte endringer').waitFor();
    // What the screen says about the waiting changes, for the closing note (e2e/artifacts).
    await page.screenshot({ path: `${artifactsDir}/editor-page-pending-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: `${artifactsDir}/editor-page-pending-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A shopper (no session) still gets the published page, from the server's HTML on.
    const shopperPage = () => fetch(`${shop.url}/kundeservice`, { headers: { accept: 'text/html' } }).then((r) => r.text());
    const shopperHtml = await shopperPage();
    expect(shopperHtml).toContain('Vi hjelper deg gjerne!');
    expect(shopperHtml).not.toContain(added.trim());

    // The editor's preview at the page's own address shows the change, and says it is not published.
    await page.goto('/kundeservice?forhandsvisning=1');
    await page.getByText('Forhåndsvisning – endringer som ikke er publisert').waitFor();
    await page.locator('main').getByText(added.trim()).waitFor();

    // Published from the workspace: now everyone gets it.
    await page.goto('/redaksjon/sider/kundeservice');
    await page.getByRole('button', { name: 'Publiser endringene' }).click();
    await page.getByText('Endringene er publisert.').waitFor();
    expect(await shopperPage()).toContain(added.trim());
    await page.goto('/kundeservice');
    await page.locator('main').getByText(`Vi hjelper deg gjerne! Her finner du svar på det meste om bestilling, levering, retur og reklamasjon.${added}`).waitFor();
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
