import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** An account a journey logs in with (the seeded ones, or a staff account the server creates from its environment). */
export interface Account {
  email: string;
  password: string;
}

/** Accepts the cookie notice the way a shopper does, and waits until it no longer covers the page. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Godta' }).click();
  await page.getByTestId('cookie-consent').waitFor({ state: 'detached' });
}

/**
 * Fills and sends the account remote's login form on the page as it is (the login page, a workspace's own form, or
 * the one in `scope`, e.g. the cart's); a login reloads the page, so this waits for the API's 200 and for that load.
 * (The header says "Min side" as soon as the answer arrives, before the reload replaces the page: acting on that
 * would act on a page about to go away.)
 */
export async function submitLogin(page: Page, account: Account, scope: Page | Locator = page): Promise<void> {
  await scope.getByLabel('E-post eller telefonnummer').fill(account.email);
  await scope.getByLabel('Passord', { exact: true }).fill(account.password);
  const reloaded = page.waitForEvent('load');
  // Awaited below; a failure before then (the click) must not leave it rejecting unhandled.
  reloaded.catch(() => undefined);
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/api\/v1\/customers\/login(\/\w+)?$/.test(r.url()) && r.request().method() === 'POST'),
    scope.getByRole('button', { name: 'Logg inn', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  await reloaded;
}

/** Logs in from the login page, as a first visit does: the cookie notice accepted, then the form (submitLogin). */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/konto/logg-inn');
  await acceptCookies(page);
  await submitLogin(page, account);
}

/** The axe rule sets every journey checks: WCAG 2.2 A/AA and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's serious and critical findings on the page (or inside `include` only), as readable lines; none are allowed. */
export async function seriousAxe(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
