/**
 * Issue 21, the checkout's forms and the home page's store search, as a shopper uses them in the browser:
 * - the home page's "Finn din nærmeste butikk" and the shop locator's form use the shop's form style (1280 and 375 px);
 * - one checkout at 375 px through the real server: after a failed submit "Finn adressen" without a house number shows
 *   its own message, Poststed fills itself from the postcode as it is typed, "912 34 567" is accepted (the reservation
 *   goes through), and click-and-collect shows road distances (great circle × 1.3), not straight lines, for every shop.
 * The rules behind these, case by case, are unit and API tests (docs/testing.md, "Journeys and where their rules are
 * checked"): AddressFields.test.tsx (unknown postcode, the lookup messages), checkout/rules.test.ts (validateCheckout:
 * each phone spelling), api/test/checkout/phone-numbers.test.ts, api/test/geo/geo.test.ts (the estimate, 2–100 points).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addressTexts } from '@shop/contracts/texts/forms';
import type { ShopServer } from '../support/server.js';
import { newContext } from '../support/browser.js';
import { getJson, useShopAndBrowser } from '../support/journey.js';
import { addAndGoToCheckout, findCollectableArticle } from './checkout-helpers.js';

let shop: ShopServer;
let browser: Browser;
useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 800 },
] as const;

async function open(width: number, height: number): Promise<{ page: Page; failed: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, shop.url, { viewport: { width, height } });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return { page, failed, close: () => context.close() };
}

const api = <T>(path: string) => getJson<T>(shop.url, path);

/** The API's estimate (api/src/geo/osrm.ts): great-circle metres on a 6,371,008.8 m sphere. */
function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return (2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)))) / 1000;
}

/** The computed look of a form control, reduced to what tells the shop's style from the browser's default. */
async function looks(control: Locator) {
  return control.evaluate((el) => {
    const s = getComputedStyle(el);
    const body = getComputedStyle(document.body);
    return {
      fontSizeAsBody: s.fontSize === body.fontSize,
      fontFamilyAsBody: s.fontFamily === body.fontFamily,
      radius: s.borderTopLeftRadius,
      borderStyle: s.borderTopStyle,
      background: s.backgroundColor,
      tallEnough: el.getBoundingClientRect().height >= 44,
    };
  });
}

describe.each(WIDTHS)('issue 21 forms at $width px', ({ width, height }) => {
  it('home page store search and the shop locator use the shop form style', async () => {
    const { page, close } = await open(width, height);
    await page.goto('/');
    const search = page.locator('[data-slot="store-search"]');
    await search.getByRole('heading', { name: 'Finn din nærmeste butikk' }).waitFor();
    const input = search.getByLabel('Postnummer');
    const button = search.getByRole('button', { name: 'Finn butikk' });
    await input.scrollIntoViewIfNeeded();
    expect(await looks(input)).toEqual({ fontSizeAsBody: true, fontFamilyAsBody: true, radius: '6px', borderStyle: 'solid', background: 'rgb(255, 255, 255)', tallEnough: true });
    expect(await looks(button)).toEqual({ fontSizeAsBody: true, fontFamilyAsBody: true, radius: '6px', borderStyle: 'solid', background: 'rgb(11, 79, 60)', tallEnough: true });
    // Both fit the phone's width.
    for (const control of [input, button]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await input.fill('0150');
    await button.click();
    await page.waitForURL((url) => url.pathname === '/butikker' && url.searchParams.get('postnummer') === '0150');

    const locator = page.locator('main form').filter({ has: page.getByRole('button', { name: /Bruk min posisjon/i }) });
    await locator.waitFor();
    expect(await looks(locator.locator('input'))).toMatchObject({ fontSizeAsBody: true, radius: '6px', borderStyle: 'solid', tallEnough: true });
    expect(await looks(locator.getByRole('button').first())).toMatchObject({ fontSizeAsBody: true, radius: '6px', background: 'rgb(11, 79, 60)', tallEnough: true });
    expect(await looks(locator.getByRole('button', { name: /Bruk min posisjon/i }))).toMatchObject({ fontSizeAsBody: true, radius: '6px', background: 'rgb(255, 255, 255)' });
    await close();
  });
});

// The checkout's rules are the same at every width: one run through the real server, at the phone's width.
describe('issue 21 checkout at 375 px', () => {
  const { width, height } = WIDTHS[1];
  it('checkout: address lookup message after a failed submit, Poststed from the postcode, grouped phone, road distances', async () => {
    const target = await findCollectableArticle(shop.url);
    const { page, failed, close } = await open(width, height);
    await addAndGoToCheckout(page, target);

    // A failed submit first: the address field says what is missing.
    await page.getByRole('radio', { name: /Hjemlevering/ }).check();
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    const address = page.getByLabel('Gateadresse');
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    // "Finn adressen" without a house number: its own message, not the submit's.
    await address.fill('Karl Johans gate');
    await page.getByRole('button', { name: 'Finn adressen' }).click();
    await page.getByText(addressTexts.noHouseNumber).waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');

    // Poststed fills itself as the postcode is typed (an unknown postcode: AddressFields.test.tsx).
    const postcode = page.getByLabel('Postnummer', { exact: true });
    const city = page.getByLabel('Poststed');
    await postcode.fill('');
    await postcode.pressSequentially('0150');
    await expect.poll(() => city.inputValue()).toMatch(/^oslo$/i);

    // Contact details with the mobile number grouped as Norwegians write it.
    await page.getByLabel('Navn').fill('Kari Nordmann');
    await page.getByLabel('Mobilnummer').fill('912 34 567');
    await page.getByLabel('E-post').fill(`skjema.${width}@example.no`);

    // Click-and-collect from the target shop's postcode: every shop with a road distance (not the straight line).
    await page.getByRole('radio', { name: /Klikk & Hent i butikk/ }).check();
    const osrm = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/v1/osrm/table/v1/car/'));
    await page.getByLabel('Postnummer for å finne nærmeste butikk').fill(target.shopPostNo);
    await page.getByRole('button', { name: 'Finn butikker' }).click();
    expect((await osrm).status()).toBe(200);
    const options = page.getByTestId('shop-option');
    await options.filter({ hasText: target.shopName }).first().waitFor();

    const origin = await api<{ CoordLat: number; CoordLong: number }>(`/postalcodes/${target.shopPostNo}`);
    const shops = await api<Array<{ Name: string; Latitude: number; Longitude: number }>>('/shops');
    const shown = await options.allInnerTexts();
    const far = [];
    for (const text of shown) {
      const km = /([\d\s]+,\d) km unna/.exec(text)?.[1];
      // The longest name the option names (one shop's name may start another's).
      const where = shops.filter((s) => text.includes(s.Name)).sort((a, b) => b.Name.length - a.Name.length)[0];
      expect(km, text).toBeDefined();
      expect(where, text).toBeDefined();
      const straight = greatCircleKm(origin.CoordLat, origin.CoordLong, where!.Latitude, where!.Longitude);
      const displayed = Number(km!.replace(/\s/g, '').replace(',', '.'));
      expect(displayed, `${where!.Name}: ${text}`).toBeCloseTo(straight * 1.3, 0);
      if (straight > 50) far.push({ name: where!.Name, displayed, straight });
    }
    // Far shops show visibly more than the straight line (Bergen–Oslo: 395 km, not 305).
    expect(far.length).toBeGreaterThan(0);
    for (const f of far) expect(f.displayed - f.straight, f.name).toBeGreaterThan(10);

    // The shop with stock is chosen and the reservation (with "912 34 567") goes through.
    await options.filter({ hasText: target.shopName }).first().getByRole('radio').check();
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await page.getByText(/Reservasjonsnummer \d+/).waitFor();

    // No request failed.
    expect(failed).toEqual([]);
    await close();
  });
});
