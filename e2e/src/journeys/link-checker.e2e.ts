import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathFor, productPath, redirectFor } from '@shop/contracts/routes';
import { chromeTexts, genericErrorText, loadErrorTexts } from '@shop/contracts/texts';
import { findPurchasableArticle } from '../support/catalog.js';
import type { ShopServer } from '../support/server.js';
import { useShopAndBrowser } from '../support/journey.js';

/**
 * Issue 21: a bounded crawl of the shop's internal links, at both widths. It starts from the home page, the menus
 * (desktop and the opened mobile menu, every submenu unfolded), the footer (on every page), a category, a product,
 * the blog and the shop list, follows every internal link it finds (breadth first, de-duplicated, at most
 * MAX_PAGES pages, several tabs at once) and fails on any page that shows a not-found or error view, answers an
 * error status, or throws. A link to a category must also be the category's canonical address (ADR 0014): a link
 * that only reaches its listing through a redirect is reported too.
 */

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

const MAX_PAGES = 150;
const TABS = 6;
/** Product pages link to many other products: a handful says as much about their links as all of them. */
const CAPS: Readonly<Record<string, number>> = { product: 12, search: 4, utvalg: 4, article: 4 };

/** What the shop shows instead of a page (shell, mf-catalog, mf-content, the shared error texts). */
const BROKEN_VIEW_TEXTS = [
  'Vi fant ikke denne kategorien.',
  'Fant ikke siden',
  'Vi fant ikke siden du lette etter.',
  chromeTexts.remoteFallback,
  loadErrorTexts.article,
  genericErrorText,
];

interface Visit {
  path: string;
  from: string;
}

interface Problem {
  path: string;
  from: string;
  problem: string;
}

/** The crawlable path of an href (same origin, a page, not an API call or a file), or null. */
function internalPath(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  if (/^\/(api|mf)(\/|$)/.test(url.pathname) || /\.[a-z0-9]{2,5}$/i.test(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The crawl's kind of a path, for the caps: product, search, … */
function kindOf(path: string): string {
  return path.split('/')[1]?.split('?')[0] ?? '';
}

const decodedPath = (path: string) => {
  try {
    return decodeURIComponent(path.split('?')[0]);
  } catch {
    return path.split('?')[0];
  }
};

/** Waits until the page has its data: network quiet and no loading placeholder left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((el) => /Laster/.test(el.textContent ?? '')), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

async function linksOn(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href));
}

/** Unfolds every closed submenu inside `scope` and returns all links then on the page. */
async function unfoldMenus(page: Page, scope: string): Promise<string[]> {
  const found = new Set(await linksOn(page));
  for (let round = 0; round < 30; round++) {
    const closed = page.locator(`${scope} button[aria-expanded="false"]`);
    if ((await closed.count()) === 0) break;
    const button = closed.nth(round % (await closed.count()));
    await button.click().catch(() => undefined);
    for (const link of await linksOn(page)) found.add(link);
  }
  return [...found];
}

/** The links of the menus: the desktop menu's submenus, or the mobile menu opened and unfolded. */
async function menuLinks(context: BrowserContext, mobile: boolean): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto('/');
    await settle(page);
    if (mobile) {
      await page.getByRole('button', { name: 'Meny', exact: true }).click();
      await page.getByRole('navigation', { name: 'Hovedmeny' }).last().waitFor();
      return await unfoldMenus(page, 'nav');
    }
    return await unfoldMenus(page, 'header');
  } finally {
    await page.close();
  }
}

/**
 * Paths a crawl of this file has opened, at either width: an address answers the same page at both, so the phone
 * crawl opens only what the phone's own menu and pages add (the two crawls once opened the same 150 pages each, the
 * longest journey of the e2e run).
 */
const opened = new Set<string>();

async function crawl(context: BrowserContext, seeds: string[], extra: string[], categorySegments: Set<string>): Promise<{ visited: number; openedBefore: number; problems: Problem[] }> {
  const base = shop.url;
  const seen = new Set<string>();
  const perKind = new Map<string, number>();
  const queue: Visit[] = [];
  const problems: Problem[] = [];
  let visited = 0;
  let openedBefore = 0;

  const enqueue = (href: string, from: string) => {
    const path = internalPath(href, base);
    if (path === null || seen.has(path) || seen.size >= MAX_PAGES) return;
    const kind = kindOf(path);
    const cap = CAPS[kind];
    if (cap !== undefined && (perKind.get(kind) ?? 0) >= cap) return;
    perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
    seen.add(path);
    queue.push({ path, from });
  };
  for (const seed of seeds) enqueue(seed, '(start)');
  for (const link of extra) enqueue(link, '/ with the menus open');

  const visit = async (page: Page, { path, from }: Visit) => {
    if (opened.has(path)) {
      openedBefore++;
      return;
    }
    opened.add(path);
    const thrown: string[] = [];
    const onError = (error: Error) => thrown.push(error.message);
    page.on('pageerror', onError);
    try {
      const response = await page.goto(path, { waitUntil: 'domcontentloaded', timeout: 30_000 });
      await settle(page);
      visited++;
      const status = response?.status() ?? 0;
      if (status >= 400) problems.push({ path, from, problem: `HTTP ${status}` });
      const text = await page.locator('body').innerText();
      const shown = BROKEN_VIEW_TEXTS.filter((marker) => text.includes(marker));
      if (shown.length) problems.push({ path, from, problem: `shows «${shown.join('», «')}»` });
      if (thrown.length) problems.push({ path, from, problem: `throws ${thrown.join('; ')}` });
      // A category link must be the canonical address itself, not one that redirects there.
      const finalPath = new URL(page.url()).pathname + new URL(page.url()).search;
      const landedOnCategory = categorySegments.has(decodedPath(finalPath).split('/')[1] ?? '');
      if (landedOnCategory && decodedPath(finalPath) !== decodedPath(path) && redirectFor(decodedPath(path)) === null) {
        problems.push({ path, from, problem: `is not canonical: it redirects to ${decodedPath(finalPath)}` });
      }
      for (const link of await linksOn(page)) enqueue(link, path);
    } catch (error) {
      problems.push({ path, from, problem: `did not load: ${(error as Error).message.split('\n')[0]}` });
    } finally {
      page.off('pageerror', onError);
    }
  };

  let active = 0;
  const worker = async () => {
    const page = await context.newPage();
    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          active++;
          await visit(page, next);
          active--;
        } else if (active === 0) {
          return;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: TABS }, worker));
  return { visited, openedBefore, problems };
}

interface RawCategory {
  Name: string;
}

describe.each([
  { width: 1280, height: 900, mobile: false },
  { width: 375, height: 812, mobile: true },
])('link checker at $width px', ({ width, height, mobile }) => {
  it(
    'every internal link from home, menus, footer, a category, a product, the blog and the shop list opens a page',
    async () => {
      const categories = (await (await fetch(`${shop.url}/api/v1/categories`)).json()) as RawCategory[];
      // pathFor gives each main group its canonical address; its first segment tells a category page by its URL.
      const categoryPaths = categories.map((c) => pathFor('category', { categoryName: c.Name }));
      const categorySegments = new Set(categoryPaths.map((p) => decodedPath(p).split('/')[1]));
      const article = await findPurchasableArticle(shop.url);
      const context = await browser.newContext({
        baseURL: shop.url,
        locale: 'nb-NO',
        viewport: { width, height },
        isMobile: mobile,
        hasTouch: mobile,
      });
      // The cookie notice stays out of the way (its links are crawled from the privacy page anyway).
      await context.addCookies([{ name: 'cookiesAccepted', value: 'true', url: shop.url }]);
      try {
        const menus = await menuLinks(context, mobile);
        const seeds = ['/', categoryPaths[0], productPath(article.slug), pathFor('blog'), pathFor('shops')];
        const started = Date.now();
        const { visited, openedBefore, problems } = await crawl(context, seeds, menus, categorySegments);
        const report = problems.map((p) => `${p.path} (linked from ${p.from}): ${p.problem}`).join('\n');
        console.info(
          `[link-checker ${width}px] ${visited} pages in ${Math.round((Date.now() - started) / 1000)} s (${openedBefore} more found, opened at the other width), ${problems.length} problems`,
        );
        expect(visited + openedBefore).toBeGreaterThan(20);
        expect(report).toBe('');
      } finally {
        await context.close();
      }
    },
    300_000,
  );
});

/**
 * Navigates inside the app without a page load: a history entry numbered the way React Router numbers its own pushes,
 * then the popstate the router listens to (as shell-routing.e2e.ts does).
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

describe.each([
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
])('one address per category at $width px (ADR 0014)', ({ width, height }) => {
  it('a document at the stored or display name is redirected (301) to the ASCII address and shows the listing', async () => {
    const context = await browser.newContext({ baseURL: shop.url, locale: 'nb-NO', viewport: { width, height } });
    try {
      const page = await context.newPage();
      for (const [asked, canonical] of [
        ['/tekstil/barnekl%C3%A6r', '/klaer/barneklaer'],
        ['/kl%C3%A6r/jakker?sort=nyheter', '/klaer/jakker?sort=nyheter'],
      ]) {
        const response = await page.goto(asked);
        expect(response?.request().redirectedFrom()?.url(), asked).toBe(`${shop.url}${asked}`);
        expect((await response?.request().redirectedFrom()?.response())?.status(), asked).toBe(301);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(canonical);
        await settle(page);
        await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/Barneklær|Jakker/);
        expect(await page.locator('body').innerText()).not.toContain('Vi fant ikke denne kategorien.');
      }
    } finally {
      await context.close();
    }
  });

  it('navigating in the app to another form replaces the history entry with the ASCII address', async () => {
    const context = await browser.newContext({ baseURL: shop.url, locale: 'nb-NO', viewport: { width, height } });
    try {
      const page = await context.newPage();
      await page.goto('/klaer');
      await settle(page);
      const before = await page.evaluate(() => history.length);
      await navigateInApp(page, '/tekstil/jakker#liste');
      await page.waitForURL((url) => url.pathname === '/klaer/jakker');
      expect(new URL(page.url()).hash).toBe('#liste');
      // pushState added one entry; the replace did not add another.
      expect(await page.evaluate(() => history.length)).toBe(before + 1);
      await expect.poll(() => page.locator('h1').first().innerText()).toBe('Jakker');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/klaer');
    } finally {
      await context.close();
    }
  });
});
