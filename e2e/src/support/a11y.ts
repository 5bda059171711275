import AxeBuilder from '@axe-core/playwright';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTE_PATTERNS } from '@shop/contracts/routes';
import { launchBrowser, newContext } from './browser.js';
import { addOneFromProductPage, findPurchasableArticle } from './catalog.js';
import { artifactsDir } from './paths.js';
import { ROUTE_NAMES, routeExamples } from './routes.js';
import { startShop, type ShopServer } from './server.js';

/**
 * Accessibility on every route of the shell's route table (names from ROUTE_PATTERNS): each static path and one
 * example of each parameterised route, at one width per journey file (a11y-routes-1280 and -375 run side by side).
 * Zero axe violations of serious or critical impact; the remaining (moderate/minor) ones are written to
 * e2e/artifacts/a11y-report-<width>.json with a summary per rule.
 */
export const A11Y_VIEWPORTS = {
  desktop: { name: '1280', width: 1280, height: 900 },
  phone: { name: '375', width: 375, height: 740 },
} as const;
type Viewport = (typeof A11Y_VIEWPORTS)[keyof typeof A11Y_VIEWPORTS];

interface Found {
  route: string;
  path: string;
  viewport: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}


/** The journey at one width: a shop, a browser and one page that walks every route. */
export function describeAxeOnEveryRoute(viewport: Viewport): void {
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const routes: Array<{ name: string; path: string }> = [];
  const serious: Found[] = [];
  const remaining: Found[] = [];
  const headings: Record<string, string> = {};

  /** The page has settled: no loading status left in main and the network is quiet. */
  async function settle(p: Page): Promise<void> {
    await p.waitForLoadState('networkidle');
    // Sections below the fold render as they near the viewport (the home page's, issue 8): scroll through the page
    // so axe sees them too, then back to the top.
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(300);
    await p.waitForLoadState('networkidle');
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.locator('main').getByText('Laster …').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    await p.locator('main [role="status"]').filter({ hasText: /^Laster/ }).first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  }

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    context = await newContext(browser, shop.url);
    page = await context.newPage();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    routes.push(...(await routeExamples(shop.url)));
    // One line in the cart for the checkout route.
    const article = await findPurchasableArticle(shop.url);
    await addOneFromProductPage(page, article);
  });

  afterAll(async () => {
    const counts: Record<string, { impact: string; count: number; help: string }> = {};
    for (const found of remaining) {
      counts[found.rule] ??= { impact: found.impact, count: 0, help: found.help };
      counts[found.rule]!.count += 1;
    }
    writeFileSync(
      join(artifactsDir, `a11y-report-${viewport.name}.json`),
      JSON.stringify({ generatedAt: new Date().toISOString(), routes, headings, seriousOrCritical: serious, summary: counts, remaining }, null, 2),
    );
    console.log(
      `a11y @${viewport.name} px: ${routes.length} routes; serious/critical: ${serious.length}; remaining per rule:\n` +
        (Object.entries(counts)
          .map(([rule, c]) => `  ${rule} (${c.impact}): ${c.count} — ${c.help}`)
          .join('\n') || '  none'),
    );
    await context?.close();
    await browser?.close();
    await shop?.stop();
  });

  describe(`axe-core on every route at ${viewport.name} px`, () => {
    it('has an example of every screen of the route table', () => {
      expect(routes.map((r) => r.name)).toEqual(ROUTE_NAMES);
      // Every route name of the table (shell/src/routing/screens.ts registers exactly these, from @shop/contracts/routes).
      const screens = new Set(Object.keys(ROUTE_PATTERNS));
      const covered = new Set(routes.map((r) => r.name.split(' ')[0]!));
      for (const screen of screens) expect(covered.has(screen), screen).toBe(true);
    });

    // The names are fixed here; the paths (examples of the parameterised routes) are picked through the API in beforeAll.
    it.each(ROUTE_NAMES)('%s', async (name) => {
      const route = routes.find((r) => r.name === name);
      expect(route, `no example for ${name}`).toBeDefined();
      if (!route) return;
      const problems: string[] = [];
      await page.goto(route.path);
      await settle(page);
      // The screen really rendered (no remote fallback, a main heading).
      expect(await page.getByText('Denne delen av siden kunne ikke lastes.').count(), `${route.path} @${viewport.name}`).toBe(0);
      expect(await page.locator('main h1').count(), `${route.path} @${viewport.name} has no h1`).toBeGreaterThan(0);
      headings[route.name] = (await page.locator('main h1').first().innerText()).trim();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
      for (const violation of results.violations) {
        const found: Found = {
          route: route.name,
          path: route.path,
          viewport: viewport.name,
          rule: violation.id,
          impact: violation.impact ?? 'unknown',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 10),
        };
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          serious.push(found);
          problems.push(`${route.name} ${route.path} @${viewport.name}: ${violation.id} (${violation.impact}) ${found.targets.join(', ')}`);
        } else remaining.push(found);
      }
      expect(problems, route.name).toEqual([]);
    });
  });

}
