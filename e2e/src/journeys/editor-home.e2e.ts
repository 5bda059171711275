/**
 * The home layout editor (issue 23) in the browser: the operator's staff account creates a campaign layout at
 * /redaksjon/forside/ny, gives the top banner its words, an image it uploads and a link chosen from the shop's own
 * pages, saves, sees the layout in the preview beside the form (1280 and 375 px), publishes it, and a shopper's home
 * page then shows that banner linking to the chosen page. Scheduled for the weekend (from/until, Oslo time) it leaves
 * the home page until then, and its preview address is a 404 to all but staff. A layout linking to a page that does
 * not exist is refused with the API's Norwegian message. axe on the editor at 1280 and 375 px: no serious or critical finding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { startShop, type ShopServer } from '../support/server.js';
import { acceptCookies, logIn, seriousAxe } from '../support/session.js';
import { osloDaysAhead } from '../support/workspace.js';

/** The operator's staff account, created by the server at start-up from the environment (docs/workspaces.md). */
const STAFF = { email: 'forside.e2e@staut.no', password: 'redaksjon-e2e-1' };
const NAME = 'vinterkampanje';
const TITLE = 'Vinterkampanje på sko';
const TEXT = 'Gode vintersko til hele familien';

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startShop({ STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password })]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** An editor API call from the logged-in page: its session cookie and its CSRF token, as the workspace sends them. */
async function editorCall(page: Page, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

describe('the home layout editor', () => {
  it('an editor builds a campaign layout, previews and publishes it; the shopper gets its banner and link; then it is scheduled for the weekend', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const { errors } = watchErrors(page);
    await logIn(page, STAFF);

    // A new layout: its name first (a name the address cannot hold is refused before anything is sent).
    await page.goto('/redaksjon/forside/ny');
    const name = page.getByLabel('Navn på oppsettet');
    await name.waitFor();
    // The link list is the shop's own pages and categories (the catalogue's tree): wait until it is in.
    const top = page.locator('[data-slot-editor="TopBanner"]');
    const link = top.getByLabel('Lenke');
    await expect.poll(() => link.locator('option').count()).toBeGreaterThan(20);
    await name.fill('Vinter Kampanje');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.getByText('Bruk bare små bokstaver a–z, tall og bindestrek (for eksempel «vinterkampanje»).').waitFor();
    await name.fill(NAME);

    // The top banner: words, an uploaded image (with its alt text) and a link chosen from the list.
    await top.getByLabel('Tittel', { exact: true }).fill(TITLE);
    await top.getByLabel('Tekst', { exact: true }).fill(TEXT);
    await top.getByRole('button', { name: 'Velg blant opplastede bilder' }).click();
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 960, height: 400 } });
    await top.getByLabel('Velg bilde').setInputFiles({ name: 'vinterkampanje.png', mimeType: 'image/png', buffer: png });
    await top.getByLabel('Alternativ tekst').fill('Vintersko i snøen');
    const [uploaded] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/editor/images') && r.request().method() === 'POST'),
      top.getByRole('button', { name: 'Last opp' }).click(),
    ]);
    expect(uploaded.status()).toBe(201);
    const { id: imageId } = (await uploaded.json()) as { id: string };
    const chosen = top.getByRole('img', { name: 'Valgt bilde' });
    await chosen.waitFor();
    expect(await chosen.getAttribute('src')).toMatch(new RegExp(`^/api/v1/images/uploads/${imageId}/\\d+\\.webp$`));
    await link.selectOption({ label: 'Sko – alle' });
    expect(await link.inputValue()).toBe('/sko');

    // Saved: the item's own address, the form as stored, and the preview of the saved layout beside it.
    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.waitForURL(`**/redaksjon/forside/${NAME}`);
    const saved = page.locator('[data-slot-editor="TopBanner"]');
    await expect.poll(() => saved.getByLabel('Tittel', { exact: true }).inputValue()).toBe(TITLE);
    expect(await saved.getByLabel('Lenke').inputValue()).toBe('/sko');
    await page.getByText('Oppsettet er ikke publisert. Publiser eller planlegg det i statuspanelet.').waitFor();

    const frame = page.frameLocator(`iframe[title="Forhåndsvisning av forsiden «${NAME}» i 1280 px bredde"]`);
    const previewBanner = frame.locator('[data-slot="top-banner"]');
    await previewBanner.getByText(TITLE).waitFor();
    expect(await previewBanner.getAttribute('href')).toBe('/sko');
    expect(await previewBanner.locator('img').getAttribute('src')).toContain(`/api/v1/images/uploads/${imageId}/`);
    await frame.getByText(`Forhåndsvisning av forsiden «${NAME}» – ikke publisert.`).waitFor();
    // At a phone's width: the same page in a 375 px frame.
    await page.getByRole('button', { name: 'Mobil (375 px)' }).click();
    const phone = page.locator(`iframe[title="Forhåndsvisning av forsiden «${NAME}» i 375 px bredde"]`);
    expect(await phone.getAttribute('width')).toBe('375');
    await page.frameLocator(`iframe[title="Forhåndsvisning av forsiden «${NAME}» i 375 px bredde"]`).locator('[data-slot="top-banner"]').getByText(TITLE).waitFor();

    // Not live yet: the shopper's home page still has the seeded banner.
    const shopper = await (await newContext(browser, shop.url)).newPage();
    shopper.setDefaultTimeout(90_000);
    const shopperErrors = watchErrors(shopper).errors;
    await shopper.goto('/');
    await acceptCookies(shopper);
    await shopper.locator('main').getByRole('heading', { level: 2 }).first().waitFor();
    expect(await shopper.locator('main').innerText()).not.toContain(TITLE);

    // Published (the status call the item screen's panel makes), the home page shows the new banner and its link.
    const item = await editorCall(page, 'GET', `/editor/content/home-layout/${NAME}`);
    expect(item.status).toBe(200);
    const published = await editorCall(page, 'POST', `/editor/content/home-layout/${NAME}/status`, { action: 'publish', version: item.json.version });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    await page.reload();
    await page.getByText('Dette oppsettet er forsiden nå.').waitFor();

    await shopper.reload();
    const banner = shopper.locator('[data-slot="top-banner"]');
    await banner.getByText(TITLE).waitFor();
    expect(await banner.innerText()).toContain(TEXT);
    expect(await banner.getAttribute('href')).toBe('/sko');
    await banner.click();
    await shopper.waitForURL('**/sko');
    await shopper.getByRole('heading', { level: 1, name: /Sko/ }).waitFor();

    expect(errors).toEqual([]);
    expect(shopperErrors).toEqual([]);

    // The campaign weekend, in the status panel: from tomorrow 00:00 to the day after at 23:00, Oslo time. Until then
    // the home page is the base layout again, and the layout's preview address is a 404 to anyone but staff.
    const [from, until] = [osloDaysAhead(1), osloDaysAhead(2)];
    await page.getByLabel('Dato', { exact: true }).fill(from.date);
    await page.getByLabel('Klokkeslett', { exact: true }).fill('00:00');
    await page.getByLabel('Til dato', { exact: true }).fill(until.date);
    await page.getByLabel('Til klokkeslett', { exact: true }).fill('23:00');
    await page.getByRole('button', { name: 'Planlegg publisering' }).click();
    await page.getByText(`Publiseres ${from.printed} kl. 00:00 (norsk tid).`).waitFor();
    await page.getByText(`Vises til ${until.printed} kl. 23:00 (norsk tid).`).waitFor();
    await shopper.reload();
    await shopper.locator('main').getByRole('heading', { level: 2 }).first().waitFor();
    expect(await shopper.locator('main').innerText()).not.toContain(TITLE);
    expect((await shopper.goto(`/preview/${NAME}`))?.status()).toBe(404);
    const staffPreview = await page.request.get(`/preview/${NAME}`, { headers: { accept: 'text/html' } });
    expect(staffPreview.status()).toBe(200);
    expect(await staffPreview.text()).toContain(TITLE);

    // A layout that links to a page that does not exist is refused, in Norwegian, and nothing is stored (the browser
    // logs the refused requests as console errors: that is their point).
    const refused = await editorCall(page, 'PUT', '/editor/home/feil-lenke', {
      published: false,
      slots: { TopBanner: { Image: `/api/v1/images/uploads/${imageId}/640.webp`, Link: '/finnes-ikke', Title: 'Feil' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      message: 'Lenken «/finnes-ikke» går til en side som ikke finnes.',
      errors: [{ field: 'TopBanner.Link', message: 'Lenken «/finnes-ikke» går til en side som ikke finnes' }],
    });
    expect((await editorCall(page, 'GET', '/editor/content/home-layout/feil-lenke')).status).toBe(404);
    await context.close();
  }, 480_000);

  it('the editor passes axe at 1280 and 375 px, new and saved', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const { errors } = watchErrors(page);
    await logIn(page, STAFF);
    const found: string[] = [];
    for (const path of ['/redaksjon/forside/ny', `/redaksjon/forside/${NAME}`]) {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 740 }]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.locator('[data-slot-editor="TopBanner"]').getByLabel('Lenke').waitFor();
        await page.waitForLoadState('networkidle');
        // A folded slot and the image chooser open too, so axe sees their controls.
        await page.locator('summary').first().click();
        await page.locator('[data-slot-editor="TopBanner"]').getByRole('button', { name: 'Velg blant opplastede bilder' }).click();
        await page.waitForLoadState('networkidle');
        found.push(...(await seriousAxe(page)).map((f) => `${path} @${viewport.width}: ${f}`));
      }
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 480_000);
});
