import { describe, expect, it } from 'vitest';
import type { Browser, ConsoleMessage, Page, Request } from 'playwright-core';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { categoryParam } from '@shop/contracts/format';
import { PAGE_DATA_ELEMENT_ID, PAGE_IMAGE_ATTRIBUTE, PAGE_IMAGE_SELECTOR } from '@shop/contracts/ssr';
import type { RawCategory } from '@shop/contracts/types';
import { newContext } from '../support/browser.js';
import { addOneFromProductPage, findPurchasableArticle } from '../support/catalog.js';
import { useShopAndBrowser } from '../support/journey.js';
import { ROUTE_NAMES, routeExamples, type RouteExample } from '../support/routes.js';
import type { ShopServer } from '../support/server.js';

/**
 * Server rendering (issue 22): every page's first HTML comes from the remotes' own components on the server, and the
 * browser hydrates it without a mismatch — on the five bench pages and on an example of every route of the route
 * table. React 19 reports a mismatch as a console error ("Hydration failed …", "… did not match …", "An error occurred
 * during hydration", minified: errors #418/#419/#421/#422/#423/#425) or a recoverable error; any of those, and any
 * uncaught error, fails the page.
 */
let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

const HYDRATION = [
  /hydrat/i,
  /did not match/i,
  /server rendered (html|text)/i,
  /recoverable error/i,
  /Minified React error #(418|419|421|422|423|425)\b/,
  /react\.dev\/errors\/(418|419|421|422|423|425)\b/,
];

/** Hydration complaints and uncaught errors of a page, from the moment it starts loading. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (HYDRATION.some((pattern) => pattern.test(text))) problems.push(`${message.type()}: ${text}`);
  });
  return problems;
}

/**
 * Loads `path` cold and waits until React has hydrated it and what the page asked for by then (its code, the requests
 * of hydration's effects and of the storage reads that follow it) has been answered and drawn.
 */
async function loadCold(page: Page, path: string): Promise<void> {
  // Images aside: no code waits on them.
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'image') open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response, path).not.toBeNull();
  // The server rendered the page (the PageData element is written once, after #root).
  expect(await page.locator(`script#${PAGE_DATA_ELEMENT_ID}`).count(), `${path}: PageData`).toBe(1);
  // The shell marks the page once every boundary the server rendered has hydrated (shell/src/start/firstCommit.tsx);
  // React reports a mismatch in the commit that hydrates it, before that. The updates the mark starts (storage
  // reads, $pageHydrated) are synchronous: committed, with their effects, by the time the mark can be seen.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // An error handling an answer (a poll's scores, the session) is the page's too.
  await Promise.all([...open].map(async (request) => (await request.response())?.finished()));
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

async function benchPages(): Promise<RouteExample[]> {
  const categories = (await (await fetch(`${shop.url}/api/v1/categories`)).json()) as RawCategory[];
  const category = categories[0]!;
  const listed = (await (await fetch(`${shop.url}/api/v1/categories/${category.MainGroupID}/articles?per_page=1`)).json()) as {
    data: Array<{ Slug: string }>;
  };
  // As scripts/bench.mjs picks them.
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/${encodeURIComponent(categoryParam(categoryDisplayName(category.Name)))}` },
    { name: 'product', path: `/product/${encodeURIComponent(listed.data[0]!.Slug)}` },
    { name: 'search', path: '/search/jakke' },
    { name: 'checkout', path: '/checkout' },
  ];
}

/** Loads each path cold in its own tab of one context, a few at a time; the hydration problems by path. */
async function problemsOf(paths: RouteExample[], viewport: { width: number; height: number }): Promise<Record<string, string[]>> {
  const context = await newContext(browser, shop.url);
  const found: Record<string, string[]> = {};
  const queue = [...paths];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const problems = watchHydration(page);
      await loadCold(page, next.path);
      if (problems.length) found[`${next.name} ${next.path} @${viewport.width}`] = problems;
      await page.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: 3 }, worker));
  } finally {
    await context.close();
  }
  return found;
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

describe('server-rendered pages hydrate without a mismatch', () => {
  it('the five bench pages, cold, for a first visit, at desktop and phone widths', { timeout: 240_000 }, async () => {
    const pages = await benchPages();
    expect({ ...(await problemsOf(pages, DESKTOP)), ...(await problemsOf(pages, PHONE)) }).toEqual({});
  });

  it('every route of the route table', { timeout: 600_000 }, async () => {
    const routes = await routeExamples(shop.url);
    expect(routes.map((route) => route.name)).toEqual(ROUTE_NAMES);
    expect(await problemsOf(routes, DESKTOP)).toEqual({});
  });

  it('a returning shopper: product and checkout with a line in the cart, after accepting cookies', { timeout: 240_000 }, async () => {
    const article = await findPurchasableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const found: Record<string, string[]> = {};
    try {
      const page = await context.newPage();
      await addOneFromProductPage(page, article);
      await context.addCookies([{ name: 'cookiesAccepted', value: 'true', url: shop.url }]);
      await page.close();
      // The server knows neither the cart (browser storage) nor the viewport: the first render must agree anyway.
      for (const path of [`/product/${article.slug}`, '/checkout', '/', `/${encodeURIComponent(article.categoryParam)}`]) {
        const next = await context.newPage();
        const problems = watchHydration(next);
        await loadCold(next, path);
        if (problems.length) found[path] = problems;
        await next.close();
      }
    } finally {
      await context.close();
    }
    expect(found).toEqual({});
  });
});

describe('text is text (issue 33)', () => {
  it("a search term with String.replace's patterns, </script> and U+2028 reads the same in the server's page and after hydration", { timeout: 60_000 }, async () => {
    const term = "ull $' $` $& $1 $$ $<name> </script> \u2028 lue";
    const context = await newContext(browser, shop.url);
    try {
      const page = await context.newPage();
      const problems = watchHydration(page);
      await loadCold(page, `/search/${encodeURIComponent(term)}`);
      expect(problems).toEqual([]);
      expect(await page.locator('#listing-title').textContent()).toContain(term);
      expect(await page.title()).toContain(term);
      expect(await page.locator('head title').count()).toBe(1);
      expect(await page.locator('body title, body meta[name="description"]').count(), 'no head copied into the body').toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the server HTML itself (no script run)', () => {
  it('a category page lists its products, rendered by the catalogue', async () => {
    const categories = (await (await fetch(`${shop.url}/api/v1/categories`)).json()) as RawCategory[];
    const category = categories[0]!;
    const listed = (await (await fetch(`${shop.url}/api/v1/categories/${category.MainGroupID}/articles?per_page=20`)).json()) as {
      data: Array<{ Name: string }>;
    };
    const response = await fetch(`${shop.url}/${encodeURIComponent(categoryParam(categoryDisplayName(category.Name)))}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`));
    const shown = listed.data.filter((article) => root.includes(escaped(article.Name)));
    expect(shown.length, 'product names in the server-rendered grid').toBeGreaterThanOrEqual(Math.min(5, listed.data.length));
    expect(html.match(new RegExp(`id="${PAGE_DATA_ELEMENT_ID}"`, 'g'))).toHaveLength(1);
  });

  it("each page's largest image is marked by its remote, and the shell's start waits for the first one so marked", async () => {
    const htmlOf = async (path: string) => {
      const response = await fetch(`${shop.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      return response.text();
    };
    /** The first marked `<img …>` tag of the rendered page (what `PAGE_IMAGE_SELECTOR` finds first), and what precedes it. */
    const firstMarked = (html: string) => {
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`));
      const at = root.search(new RegExp(`<img [^>]*${PAGE_IMAGE_ATTRIBUTE}=""`));
      if (at < 0) return null;
      const tag = root.slice(at, root.indexOf('>', at) + 1);
      return { tag, before: root.slice(0, at), src: /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? null };
    };
    const [home, category, product, search, checkout] = await benchPages();
    const categories = (await (await fetch(`${shop.url}/api/v1/categories`)).json()) as RawCategory[];
    const listed = (await (await fetch(`${shop.url}/api/v1/categories/${categories[0]!.MainGroupID}/articles?per_page=1`)).json()) as {
      data: Array<{ Image: string }>;
    };

    // The start in index.html is called with the contract's selector.
    const homeHtml = await htmlOf(home!.path);
    expect(homeHtml).toContain(JSON.stringify(PAGE_IMAGE_SELECTOR));
    // Home: the top banner (its slot opens just before it), fetched first.
    const homeImage = firstMarked(homeHtml);
    expect(homeImage?.before.lastIndexOf('data-slot="top-banner"'), 'home: the top banner').toBeGreaterThanOrEqual(0);
    expect(homeImage!.before.lastIndexOf('data-slot="')).toBe(homeImage!.before.lastIndexOf('data-slot="top-banner"'));
    expect(homeImage!.tag).toMatch(/fetchpriority="high"/i);
    // Category: its banner when it has one, else the first product card's image.
    const categoryImage = firstMarked(await htmlOf(category!.path));
    expect(categoryImage?.src, 'category').toBe(categories[0]!.Banner ?? listed.data[0]!.Image);
    // Product: the product's image (the first marked one; no other image of the page comes before it marked).
    const productImage = firstMarked(await htmlOf(product!.path));
    expect(productImage?.tag, 'product').toMatch(/width="600"/);
    // Search: the first hit's image.
    const searchImage = firstMarked(await htmlOf(search!.path));
    expect(searchImage?.before, 'search: inside the first card').toContain('data-testid="product-card"');
    expect(searchImage!.before.split('data-testid="product-card"')).toHaveLength(2);
    // Checkout has no largest image: the shell starts at once.
    expect(firstMarked(await htmlOf(checkout!.path)), 'checkout').toBeNull();
  });
});

describe('stylesheets come with the HTML', () => {
  it('no stylesheet written into a page is fetched again when its code loads (bench pages, phone width)', { timeout: 120_000 }, async () => {
    const context = await newContext(browser, shop.url, { viewport: PHONE });
    try {
      for (const { name, path } of await benchPages()) {
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'stylesheet') fetched.push(new URL(request.url()).pathname);
        });
        await loadCold(page, path);
        // What the server wrote in: a <style> and a disabled link to the file (shell/src/server/head.ts).
        const written = await page
          .locator('head link[rel="stylesheet"][disabled]')
          .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
        expect(written.length, `${name}: stylesheets written in`).toBeGreaterThanOrEqual(2);
        expect(fetched.filter((file) => written.includes(file)), `${name}: fetched again`).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it("without JavaScript and without fetching a stylesheet, the chrome and the catalogue's grid are styled", async () => {
    const [, category] = await benchPages();
    const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') fetched.push(request.url());
      });
      await page.goto(category!.path, { waitUntil: 'load' });
      const grid = page.getByTestId('product-card').first().locator('xpath=ancestor::ul[1]');
      expect(await grid.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
      // The header's brand colour comes from the shell's stylesheet (#0b4f3c, index.html's theme token).
      expect(await page.locator('header').first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(11, 79, 60)');
      expect(fetched).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the first view asks the API for nothing it was given', () => {
  it('home, category, product and search render and hydrate from the data in their HTML (phone width, a first visit)', { timeout: 120_000 }, async () => {
    const pages = (await benchPages()).filter((page) => page.name !== 'checkout');
    const context = await newContext(browser, shop.url, { viewport: PHONE });
    const asked: Record<string, string[]> = {};
    try {
      for (const { name, path } of pages) {
        const page = await context.newPage();
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/v1/') && request.resourceType() !== 'image') (asked[name] ??= []).push(`${request.method()} ${url.pathname}${url.search}`);
        });
        await loadCold(page, path);
        await page.close();
      }
    } finally {
      await context.close();
    }
    // The product page asks for fresh stock once it shows the article (by design: stock moves); nothing else.
    expect(asked).toEqual({ product: [expect.stringMatching(/^GET \/api\/v1\/articles\/availability\/\d+$/)] });
  });
});
