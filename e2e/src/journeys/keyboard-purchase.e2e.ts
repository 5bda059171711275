/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser.js';
import { startShop, type ShopServer } from '../support/server.js';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { categoryParam } from '@shop/contracts/format';
import { watchHealth } from './checkout-helpers.js';
import { api } from './catalog-helpers.js';

/**
 * A purchase from / to a confirmed order with the keyboard only: Tab / Shift+Tab / Enter / Space / arrow keys and
 * typing. No mouse, no element.click(), no focus() from the test: every control is reached by tabbing.
 */
let shop: ShopServer;
let browser: Browser;
let target: { name: string; slug: string; categoryName: string; categoryParam: string; colorName: string; sizeName: string };

/** Through the API: an article in stock on the first page of its main group's listing as the page sorts it. */
async function findListedArticle(baseUrl: string): Promise<typeof target> {
  const categories = await api<Array<{ MainGroupID: number; Name: string }>>(baseUrl, '/categories');
  for (const category of categories) {
    const page = await api<{ data: Array<{ ArticleID: number }> }>(baseUrl, `/categories/${category.MainGroupID}/articles?page=1&per_page=20&orderBy=Name&order=asc`);
    for (const listed of page.data) {
      const detail = await api<any>(baseUrl, `/articles/${listed.ArticleID}`);
      if (detail.PurchasableOnWeb !== 1 || detail.VisibleOnWeb !== 1) continue;
      const variant = (detail.Variants ?? []).find((v: any) => (v.Shops ?? []).some((s: any) => s.Qty > 0));
      if (!variant) continue;
      const shown = categoryDisplayName(category.Name);
      return { name: detail.Name, slug: detail.Slug, categoryName: shown, categoryParam: categoryParam(shown), colorName: variant.Color.Name, sizeName: variant.Size.Name };
    }
  }
  throw new Error('no listed article in stock');
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  target = await findListedArticle(shop.url);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

interface Focused {
  tag: string;
  type: string;
  role: string;
  name: string;
  href: string;
  checked: boolean;
  inDialog: boolean;
}

/** What has focus in a frame, with a rough accessible name (aria-label(ledby), label, text, title). */
function describeFocus(frame: Page | Frame): Promise<Focused | null> {
  return frame.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? '';
    const name = (el.getAttribute('aria-label') || byIds(el.getAttribute('aria-labelledby')) || label || el.textContent || el.getAttribute('title') || '')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      tag: el.tagName.toLowerCase(),
      type: input.type ?? '',
      role: el.getAttribute('role') ?? '',
      name,
      href: el.getAttribute('href') ?? '',
      checked: Boolean(input.checked) || el.getAttribute('aria-checked') === 'true',
      inDialog: Boolean(el.closest('dialog[open], [role="dialog"]')),
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches; fails with the path taken when it never does. */
async function tabTo(page: Page, match: (f: Focused) => boolean, opts: { back?: boolean; max?: number; frame?: () => Frame } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < (opts.max ?? 120); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const focused = await describeFocus(opts.frame ? opts.frame() : page);
    if (focused && match(focused)) return focused;
    seen.push(focused ? `${focused.tag}${focused.type ? `[${focused.type}]` : ''} "${focused.name.slice(0, 40)}"` : '(body)');
  }
  throw new Error(`never reached by ${opts.back ? 'Shift+Tab' : 'Tab'}; went through:\n${seen.join('\n')}`);
}

const named = (name: string | RegExp) => (f: Focused) => (typeof name === 'string' ? f.name === name : name.test(f.name));

/** Moves a radio group's selection with the arrow keys until the wanted option is checked. */
async function arrowTo(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const focused = await describeFocus(page);
    if (focused && named(name)(focused)) {
      if (!focused.checked) await page.keyboard.press('Space');
      return;
    }
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`arrow keys never reached ${String(name)}`);
}

/** Reaches the option (a toggle button, or a radio of its group) by Tab and chooses it. */
async function chooseByKeyboard(page: Page, name: string, key: 'Space' | 'Enter'): Promise<void> {
  const focused = await tabTo(page, (f) => (f.tag === 'button' && f.name === name) || (f.tag === 'input' && f.type === 'radio'), { max: 60 });
  if (focused.tag === 'button') {
    await page.keyboard.press(key);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
  } else await arrowTo(page, name);
}

describe('keyboard-only purchase', () => {
  it('from / to a confirmed order with Tab, Enter, Space and the arrow keys', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);
    await page.goto('/');
    await page.locator('main h1, main h2').first().waitFor();

    // The skip link is the first stop and moves focus to the main content.
    await page.keyboard.press('Tab');
    expect((await describeFocus(page))?.name).toBe('Gå til innhold');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('innhold');

    // Back up into the header's menu (Shift+Tab from the main content) and open the product's main group.
    await tabTo(page, (f) => f.tag === 'a' && f.name === target.categoryName, { back: true, max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${target.categoryParam}`);
    await page.locator(`main a[href="/product/${target.slug}"]`).first().waitFor();

    // Into the listing and on to the product.
    await tabTo(page, (f) => f.tag === 'a' && f.href === `/product/${target.slug}`, { max: 150 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();

    // Colour and size: toggle buttons, pressed with Space and Enter (a radio group would take the arrow keys).
    await chooseByKeyboard(page, target.colorName, 'Space');
    await chooseByKeyboard(page, target.sizeName, 'Enter');

    // Add to the cart, then back up to the header's cart link: it opens the cart modal with focus inside it.
    await tabTo(page, named('Legg i handlekurven'), { max: 30 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await tabTo(page, (f) => f.tag === 'a' && f.href === '/checkout', { back: true, max: 120 });
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('cart-modal');
    await modal.waitFor();
    await expect.poll(async () => (await describeFocus(page))?.inDialog).toBe(true);
    // Focus stays in the modal (Tab wraps), and reaches "Gå til kassen".
    const toCheckout = await tabTo(page, (f) => f.inDialog && f.name === 'Gå til kassen', { max: 40 });
    expect(toCheckout.inDialog).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Kassen' }).waitFor();
    // The delivery options come from the API after the page shows; a shopper sees them before tabbing through the form
    // (under load they arrived after 20 Tab presses, and the tabbing passed the delivery group before it existed).
    await page.getByRole('radio', { name: /Hjemlevering/ }).waitFor();

    // The details form.
    await tabTo(page, named('Navn'), { max: 60 });
    await page.keyboard.type('Kari Nordmann');
    await tabTo(page, named('Mobilnummer'), { max: 5 });
    await page.keyboard.type('+47 91234567');
    await tabTo(page, named('E-post'), { max: 5 });
    await page.keyboard.type('tastatur.e2e@example.no');

    // Delivery: home delivery, chosen with the arrow keys in the delivery radio group, then the address lookup.
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'radio', { max: 20 });
    await arrowTo(page, /Hjemlevering/);
    await tabTo(page, named('Gateadresse'), { max: 20 });
    await page.keyboard.type('Karl Johans gate 14');
    await tabTo(page, named('Postnummer'), { max: 10 });
    await page.keyboard.type('0154');
    await tabTo(page, named('Finn adressen'), { max: 10 });
    await page.keyboard.press('Enter');
    await page.getByText(/Valgt adresse: Karl Johans gate 14, 0154/i).waitFor();
    await tabTo(page, named('Gå videre til betaling'), { max: 40 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');

    // Payment: the Klarna-type provider, chosen with the arrow keys.
    await page.getByRole('radio', { name: 'Klarna' }).waitFor();
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'radio' && /Klarna|Qliro/.test(f.name), { max: 60 });
    await arrowTo(page, 'Klarna');
    await tabTo(page, named('Til betaling'), { max: 10 });
    await page.keyboard.press('Enter');

    // Into the provider's frame and its "Betal" button.
    await page.getByTestId('payment-snippet').locator('iframe').waitFor();
    const payFrame = () => page.frames().find((frame) => frame.url().includes('/pay/'))!;
    await expect.poll(() => payFrame()?.getByRole('button', { name: /^Betal/ }).count() ?? 0).toBe(1);
    await tabTo(page, (f) => f.tag === 'button' && /^Betal/.test(f.name), { max: 40, frame: () => payFrame() });
    await page.keyboard.press('Enter');

    const confirmation = page.getByTestId('checkout-confirmation');
    await confirmation.getByRole('heading', { name: 'Takk for bestillingen!' }).waitFor({ timeout: 20_000 });
    const text = await confirmation.innerText();
    expect(text).toContain(target.name);
    expect(text).toContain('Betalt med Klarna');
    expect(health.unexpected()).toEqual([]);
    await context.close();
  });
});
