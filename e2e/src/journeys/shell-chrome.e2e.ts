import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { useShopAndBrowser } from '../support/journey.js';
import { acceptCookies } from '../support/session.js';

/** SPEC §2 page shell in a real browser: header, mobile menu, cookie consent, modals, accessibility. */

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

const MOBILE = { width: 375, height: 740 };

async function mobileContext(): Promise<BrowserContext> {
  return newContext(browser, shop.url, { viewport: MOBILE, hasTouch: true });
}

/** A real touch swipe through the DevTools protocol (touchstart → touchmove → touchend). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [to] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Arms a wait for the page's next `type` event: the returned function resolves once the window has had it (after the
 * page's own listeners, which sit below it) and the page has drawn two frames since, so what that input does — a
 * scroll, a closed menu — is on the screen by then.
 */
async function nextEvent(page: Page, type: 'wheel' | 'touchend'): Promise<() => Promise<void>> {
  await page.evaluate((name) => {
    (window as unknown as Record<string, Promise<void>>)[`e2e-next-${name}`] = new Promise((resolve) =>
      addEventListener(name, () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true }),
    );
  }, type);
  return () => page.evaluate((name) => (window as unknown as Record<string, Promise<void>>)[`e2e-next-${name}`], type);
}

/**
 * Scrolls the page to its end: the mobile menu scrolls the page back to the top MOBILE_MENU_SCROLL_DELAY after it
 * opens, and from down here that is a movement a journey can wait for.
 */
async function scrollDown(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

/** Serious and critical axe violations inside the shell's own chrome (header, menus, footer, notices, modals). */
async function chromeViolations(page: Page): Promise<string[]> {
  let builder = new AxeBuilder({ page }).include('header').include('footer').include('a[href="#innhold"]');
  for (const selector of ['[data-testid="cookie-consent"]', '[data-testid="alert"]', 'dialog[open]']) {
    if ((await page.locator(selector).count()) > 0) builder = builder.include(selector);
  }
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('header and footer from tenant settings', () => {
  it('shows the brand, "Om {brand}", the menu entries and the footer of GET /tenant/get', async () => {
    const tenant = (await (await fetch(`${shop.url}/api/v1/tenant/get`)).json()) as {
      BrandName: string;
      CustomerServiceEmail: string;
      CompanyName: string;
    };
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/');
    await page.locator('header').getByRole('link', { name: `Om ${tenant.BrandName}` }).waitFor();
    expect(await page.locator('header').getByRole('link', { name: `Om ${tenant.BrandName}` }).getAttribute('href')).toBe('/om-oss');
    const nav = page.getByTestId('desktop-menu');
    await nav.getByRole('link', { name: 'Kosttilskudd' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Kosttilskudd' }).getAttribute('href')).toBe('/mat-og-drikke');
    expect(decodeURIComponent((await nav.getByRole('link', { name: 'Tilbehør' }).getAttribute('href')) ?? '')).toBe(
      '/sportsutstyr/tilbehor-sportsutstyr',
    );
    // Category entries come from the API.
    await nav.getByRole('link', { name: 'Vintersport' }).waitFor();
    const mail = page.locator('footer a', { hasText: 'Spørsmål?' });
    await expect.poll(() => mail.getAttribute('href')).toBe(`mailto:${tenant.CustomerServiceEmail}`);
    expect(await page.locator('footer').innerText()).toContain(tenant.CompanyName);
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the desktop menu highlights the route and closes a subcategory list on an outside click', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/sportsutstyr/tilbeh%C3%B8r-sportsutstyr');
    const accessories = page.getByTestId('desktop-menu').getByRole('link', { name: 'Tilbehør' });
    await expect.poll(() => accessories.getAttribute('aria-current')).toBe('page');
    const toggle = page.getByRole('button', { name: 'Vis underkategorier for Vintersport' });
    await toggle.click();
    await page.getByRole('link', { name: 'Alt i Vintersport' }).waitFor();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Alt i Vintersport' }).count()).toBe(0);
    await context.close();
  });
});

describe('mobile menu at 375 px', () => {
  it('opens, locks page scroll, closes on a left swipe and on navigation', async () => {
    const context = await mobileContext();
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/vintersport');
    await acceptCookies(page);
    const toggle = page.getByTestId('menu-toggle');
    const panel = page.getByTestId('mobile-menu');
    expect(await page.getByTestId('desktop-menu').count()).toBe(0);

    // The page itself scrolls while the menu is closed.
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).toBe(true);

    await scrollDown(page);
    await toggle.click();
    await panel.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.innerText()).toBe('Lukk meny');
    // Scroll lock: the root does not scroll, not even with the wheel over the header.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    // The menu's own scroll to the top first: coming after the reading below, it would move the page.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(100, 20);
    // Unlocked, the page has moved by the second frame after the wheel event (the whole 600 px, measured).
    const wheeled = await nextEvent(page, 'wheel');
    await page.mouse.wheel(0, 600);
    await wheeled();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    // A left swipe of more than 10 px closes it and unlocks scrolling.
    await swipe(page, { x: 300, y: 400 }, { x: 200, y: 410 });
    await panel.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    // Scrolling the menu's list (a mostly vertical movement that drifts left) does not close it. First the menu's own
    // scroll to the top, 300 ms after opening, as above: when it came late on a loaded machine it moved the list
    // under the click below, which then landed on another link (the one failure in five full runs).
    await scrollDown(page);
    await toggle.click();
    await panel.waitFor({ state: 'visible' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The menu closes in its touchend handler, so a close would be on the screen once the window has the event.
    const touchEnded = await nextEvent(page, 'touchend');
    await swipe(page, { x: 300, y: 600 }, { x: 292, y: 350 });
    await touchEnded();
    expect(await panel.isVisible()).toBe(true);

    // Navigating closes it (the fixed entry Kosttilskudd comes after the categories, whose subcategories may share the name).
    await panel.getByRole('link', { name: 'Kosttilskudd', exact: true }).last().click();
    await page.waitForURL('**/mat-og-drikke');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Om {brand}" in the mobile menu goes to the home page anchor about', async () => {
    const context = await mobileContext();
    const page = await context.newPage();
    await page.goto('/kundeservice');
    await acceptCookies(page);
    await page.getByTestId('menu-toggle').click();
    const about = page.getByTestId('mobile-menu').locator('a[href="/#about"]');
    expect(await about.innerText()).toMatch(/^Om \S/);
    await about.click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#about');
    await context.close();
  });
});

describe('cookie consent', () => {
  it('is shown until accepted, and the acceptance survives reloads', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/');
    const notice = page.getByTestId('cookie-consent');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('dialog');
    await page.reload();
    await notice.waitFor();

    await acceptCookies(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'cookiesAccepted');
    expect(cookie?.value).toBe('true');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);

    for (const path of ['/', '/kundeservice']) {
      await page.goto(path);
      // Whether the notice shows is settled in the first render (hydration keeps the server's reading of the cookie)
      // and nothing shows it later: once the page has hydrated, it would be there.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.locator('header').waitFor();
      expect(await notice.count()).toBe(0);
    }
    await context.close();
  });

  it('"Les mer" opens the privacy modal "Personvern"', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Les mer' }).click();
    const modal = page.getByRole('dialog', { name: 'Personvern' });
    await modal.waitFor();
    expect(await modal.getAttribute('aria-modal')).toBe('true');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('cart modal', () => {
  it('opens from the header, keeps focus inside, closes on Esc and gives focus back to the cart link', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/');
    await acceptCookies(page);
    const cartLink = page.locator('header [title="Gå til kassen"]');
    await cartLink.click();
    const modal = page.getByRole('dialog', { name: 'Min Handlekurv' });
    await modal.waitFor();
    expect(await modal.getAttribute('aria-modal')).toBe('true');
    // The cart's content comes from mf-cart-checkout.
    await modal.getByText(/Handlekurven din er tom|Til kassen/).first().waitFor();

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('Gå til kassen');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens on load from the open-cart flag, which then leaves the URL without a reload', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await page.goto('/kundeservice?openCart=1&fra=innlogging');
    await page.getByRole('dialog', { name: 'Min Handlekurv' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/kundeservice' && url.search === '?fra=innlogging');
    expect(documents).toBe(1);
    await context.close();
  });
});

describe('accessibility of the chrome (axe-core)', () => {
  it('no serious or critical violations at 1280 px, with the cookie notice and with the cart modal open', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/vintersport');
    await page.getByTestId('cookie-consent').waitFor();
    await page.getByTestId('desktop-menu').getByRole('link', { name: 'Vintersport' }).waitFor();
    await page.getByRole('button', { name: 'Vis underkategorier for Vintersport' }).click();
    expect(await chromeViolations(page)).toEqual([]);
    await acceptCookies(page);
    await page.locator('header [title="Gå til kassen"]').click();
    await page.getByRole('dialog', { name: 'Min Handlekurv' }).waitFor();
    expect(await chromeViolations(page)).toEqual([]);
    await context.close();
  });

  it('no serious or critical violations at 375 px, menu closed and open', async () => {
    const context = await mobileContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('cookie-consent').waitFor();
    await page.getByTestId('menu-toggle').waitFor();
    expect(await chromeViolations(page)).toEqual([]);
    await acceptCookies(page);
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Kosttilskudd', exact: true }).last().waitFor();
    expect(await chromeViolations(page)).toEqual([]);
    await context.close();
  });
});
