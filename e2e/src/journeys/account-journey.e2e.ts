import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser.js';
import { startShop, type ShopServer } from '../support/server.js';
import { firstLink, startMailbox, type Mailbox, type ReceivedMail } from '../support/mailbox.js';
import { chooseOption } from '../support/catalog.js';
import { submitLogin } from '../support/session.js';
import { addAndGoToCheckout, chooseShop, fillContact, findCollectableArticle, watchHealth, type CollectableArticle } from './checkout-helpers.js';

/**
 * The "Customer accounts" issue as a shopper lives it (SPEC §3 Customer, §4 Login/Logout, §7 customer calls):
 * register → verify the e-mail → log in → see an order placed earlier → favourite in one tab, see it in another →
 * log out; and a login made from the cart modal opens the cart again after the reload.
 *
 * E-mail: the shop runs with SMTP_URL pointing at a local relay (support/mailbox.ts) and the journey reads the
 * verification link from the message the shop actually sent.
 *
 * The rules case by case (each login failure's text, which links still work, what needs the current password, which
 * mails an account change sends, how long an alert stays) are unit and API tests: docs/testing.md, "Journeys and where
 * their rules are checked".
 */
let shop: ShopServer;
let browser: Browser;
let mailbox: Mailbox;
/** The article both shoppers put in the cart: found once (a walk through the catalogue API, seconds under load). */
let target: CollectableArticle;

beforeAll(async () => {
  mailbox = await startMailbox();
  [shop, browser] = await Promise.all([startShop({ SMTP_URL: mailbox.url }), launchBrowser()]);
  target = await findCollectableArticle(shop.url);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await mailbox?.close();
});

/** A customer no other test in this file uses: unique e-mail and phone (both must be unique per account). */
function newShopper(label: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Kari',
    lastName: 'Nordmann',
    email: `kari.${label}.${n}@example.no`,
    // Norwegian mobile: eight digits starting with 4 or 9.
    phone: `9${n.slice(-7)}`,
    password: 'Fjelltur-2024!',
  };
}
type Shopper = ReturnType<typeof newShopper>;

const accountLink = (page: Page) => page.getByTestId('account-link');
const favouritesLink = (page: Page) => page.getByTestId('favourites-link');

/** Creates an account through the real API, as the register page does (session from index.html, CSRF header). */
async function registerThroughApi(baseUrl: string, shopper: Shopper): Promise<void> {
  const index = await fetch(`${baseUrl}/`);
  const cookie = (index.headers.get('set-cookie') ?? '').split(';')[0];
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await index.text())?.[1];
  if (!cookie || !csrf) throw new Error('index.html gave no session cookie or CSRF token');
  const response = await fetch(`${baseUrl}/api/v1/customers/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({
      first_name: shopper.firstName,
      last_name: shopper.lastName,
      email: shopper.email,
      phone: shopper.phone,
      password: shopper.password,
      password_confirmation: shopper.password,
      terms_conditions: 1,
    }),
  });
  if (response.status !== 201) throw new Error(`register → ${response.status}: ${await response.text()}`);
}

describe('customer accounts', () => {
  it('registers, verifies the e-mail, logs in, sees the order placed earlier, shares a favourite across tabs and logs out', async () => {
    const shopper = newShopper('journey');

    // ---- register (the browser the shopper signs up in)
    const signUp = await newContext(browser, shop.url);
    const signUpPage = await signUp.newPage();
    const signUpHealth = watchHealth(signUpPage);
    await signUpPage.goto('/');
    await expect.poll(() => accountLink(signUpPage).getAttribute('title')).toBe('Logg inn');
    await accountLink(signUpPage).click();
    await signUpPage.waitForURL((url) => url.pathname === '/konto/logg-inn');
    await signUpPage.getByRole('link', { name: 'Registrer deg' }).click();
    await signUpPage.waitForURL((url) => url.pathname === '/konto/registrer');
    await signUpPage.getByRole('heading', { level: 1, name: 'Bli kunde' }).waitFor();
    await signUpPage.getByLabel('Fornavn', { exact: true }).fill(shopper.firstName);
    await signUpPage.getByLabel('Etternavn', { exact: true }).fill(shopper.lastName);
    await signUpPage.getByLabel('E-post', { exact: true }).fill(shopper.email);
    await signUpPage.getByLabel('Telefonnummer', { exact: true }).fill(shopper.phone);
    await signUpPage.getByLabel('Passord', { exact: true }).fill(shopper.password);
    await signUpPage.getByLabel('Gjenta passord').fill(shopper.password);
    await signUpPage.getByLabel(/Jeg godtar vilkårene/).check();
    await signUpPage.getByRole('button', { name: 'Opprett konto' }).click();
    await signUpPage.waitForURL((url) => url.pathname === '/konto/bekreft-epost');
    await signUpPage.getByText(`Vi har sendt en e-post til ${shopper.email}.`).waitFor();
    // Registering logs the new customer in; the account is not verified yet.
    await expect.poll(() => accountLink(signUpPage).getAttribute('title')).toBe('Min side');
    await accountLink(signUpPage).click();
    await signUpPage.getByText('E-postadressen din er ikke bekreftet ennå.').waitFor();
    // Asking for the e-mail again (SPEC §8/§9: the shell's alert "Epost sendt til {email}", shown once; that it goes
    // after 3000 ms: shell/src/alerts/alerts.test.ts).
    await signUpPage.getByRole('button', { name: 'Send e-posten på nytt' }).click();
    const sent = signUpPage.getByText(`Epost sendt til ${shopper.email}`);
    await sent.waitFor();
    expect(await sent.count()).toBe(1);

    // ---- an order, placed right away as the new (still unverified) customer: click-and-collect, paid when collecting
    await addAndGoToCheckout(signUpPage, target);
    await fillContact(signUpPage, shopper.email);
    await chooseShop(signUpPage, target);
    await signUpPage.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await signUpPage.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await signUpPage.getByRole('radio', { name: 'Betal ved henting i butikken' }).check();
    await signUpPage.getByRole('button', { name: 'Til betaling' }).click();
    await signUpPage.waitForURL((url) => url.searchParams.get('steg') === 'bekreftelse');
    const confirmation = signUpPage.getByTestId('checkout-confirmation');
    await confirmation.getByRole('heading', { name: 'Takk for bestillingen!' }).waitFor();
    const reservationNo = /Reservasjonsnummer (\d+)/.exec(await confirmation.innerText())?.[1];
    expect(reservationNo).toBeTruthy();

    expect(signUpHealth.unexpected()).toEqual([]);
    await signUp.close();

    // ---- the verification e-mails, as delivered by the shop: one at registration, one asked for again
    const verification = (m: ReceivedMail) => m.to.includes(shopper.email) && m.subject === 'Bekreft e-postadressen din';
    await expect.poll(() => mailbox.messages.filter(verification).length, { timeout: 15_000 }).toBe(2);
    const latestMail = mailbox.messages.filter(verification)[1]!;
    expect(latestMail.body).toContain(`Hei ${shopper.firstName}!`);
    const link = firstLink(latestMail);
    expect(link.pathname).toBe('/konto/bekreft-epost');
    expect(link.searchParams.get('token')).toBeTruthy();

    // ---- verify, later, in another browser (the link opened from the mail), then log in there
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);
    await page.goto(link.pathname + link.search);
    await page.getByText('E-postadressen er bekreftet.').waitFor();
    // A second tab of the same browser stays open on the favourites. (The superseded first link: refused by the API,
    // api/test/accounts/customers.test.ts; what the page says then: VerifyEmailPage.test.tsx.)
    const other = await context.newPage();
    const otherHealth = watchHealth(other);
    await other.goto('/');
    await favouritesLink(other).click();
    await other.waitForURL((url) => url.pathname === '/favoritter');
    await other.getByText('Du har ingen favoritter ennå.', { exact: false }).waitFor();
    await expect.poll(() => accountLink(other).getAttribute('title')).toBe('Logg inn');

    await page.getByRole('main').getByRole('link', { name: 'Logg inn' }).click();
    await page.waitForURL((url) => url.pathname === '/konto/logg-inn');
    // (A wrong password's 422 and its text: api/test/accounts/customers.test.ts, mf-account session/messages.test.ts.)
    await submitLogin(page, shopper);
    // The reloaded page's header knows the customer.
    await expect.poll(() => accountLink(page).getAttribute('title'), { timeout: 15_000 }).toBe('Min side');
    await accountLink(page).click();
    await page.waitForURL((url) => url.pathname === '/konto');
    await page.getByText(`Du er logget inn som ${shopper.firstName} ${shopper.lastName}.`).waitFor();
    expect(await page.getByText('E-postadressen din er ikke bekreftet ennå.').count()).toBe(0);
    // The other tab learns of the login too (SPEC §4: it reloads when the shared user flag changes).
    await expect.poll(() => accountLink(other).getAttribute('title'), { timeout: 15_000 }).toBe('Min side');

    // ---- the earlier order is in the history, from the account page
    await page.getByRole('link', { name: 'Ordrehistorikk' }).click();
    await page.waitForURL((url) => url.pathname === '/konto/historikk');
    const orders = page.locator('section[aria-labelledby="history-orders"]');
    await orders.getByRole('heading', { level: 3, name: /^Ordre \d+/ }).first().waitFor();
    expect(await orders.innerText()).toContain(target.name);
    const reservations = page.locator('section[aria-labelledby="history-reservations"]');
    await reservations.getByRole('heading', { level: 3, name: new RegExp(`^Reservasjon ${reservationNo}\\b`) }).waitFor();
    expect(await reservations.innerText()).toContain(target.name);

    // ---- favourite in one tab, see it in another (no reload there)
    await other.getByRole('heading', { level: 1, name: 'Favoritter' }).waitFor();
    await other.getByText('Du har ingen favoritter ennå.', { exact: false }).waitFor();
    // A mark on the other tab's window: it must still be there afterwards, i.e. the tab was not reloaded.
    await other.evaluate(() => ((window as unknown as { stillSamePage?: boolean }).stillSamePage = true));

    await page.goto(`/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    const heart = page.getByTestId('favourite-toggle').first();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => favouritesLink(page).getAttribute('title')).toBe('Favoritter (1)');

    await other.getByRole('main').getByRole('heading', { level: 2, name: target.name }).waitFor();
    await expect.poll(() => favouritesLink(other).getAttribute('title')).toBe('Favoritter (1)');
    expect(await other.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(true);

    // ---- log out: this tab and the other one both forget the customer
    await accountLink(page).click();
    await page.waitForURL((url) => url.pathname === '/konto');
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => accountLink(page).getAttribute('title')).toBe('Logg inn');
    await expect.poll(() => accountLink(other).getAttribute('title'), { timeout: 15_000 }).toBe('Logg inn');
    await page.goto('/konto/historikk');
    await page.getByText('Du er ikke logget inn.').waitFor();
    const current = await page.request.get('/api/v1/customers/current');
    expect(current.status()).toBe(204);
    // Favourites live in the browser, not the account: they stay after logging out.
    await expect.poll(() => favouritesLink(page).getAttribute('title')).toBe('Favoritter (1)');

    expect(health.unexpected()).toEqual([]);
    expect(otherHealth.unexpected()).toEqual([]);
    await context.close();
  });

  it('a login made from the cart modal opens the cart again after the reload', async () => {
    const shopper = newShopper('cart');
    await registerThroughApi(shop.url, shopper);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);

    await page.goto(`/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await chooseOption(page, target.colorName);
    await chooseOption(page, target.sizeName);
    await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    // SPEC §4: a login empties the favourites (the cart stays).
    await page.getByTestId('favourite-toggle').first().click();
    await expect.poll(() => favouritesLink(page).getAttribute('title')).toBe('Favoritter (1)');

    await page.locator('[title="Gå til kassen"]').first().click();
    const modal = page.getByTestId('cart-modal');
    await modal.getByTestId('cart-line').first().waitFor();
    await modal.getByRole('button', { name: 'Logg inn' }).click();
    await submitLogin(page, shopper, modal.locator('form:has(input[name="username"])'));

    // The page reloaded with the open-cart flag; the shell opens the cart and removes the flag from the URL.
    await expect.poll(() => accountLink(page).getAttribute('title'), { timeout: 15_000 }).toBe('Min side');
    await modal.getByTestId('cart-line').first().waitFor();
    expect(await modal.getByTestId('cart-line').first().innerText()).toContain(target.name);
    await expect.poll(() => new URL(page.url()).searchParams.has('openCart')).toBe(false);
    expect(new URL(page.url()).pathname).toBe(`/product/${target.slug}`);
    expect(await favouritesLink(page).getAttribute('title')).toBe('Favoritter');
    // A logged-in customer is not offered a login in the cart.
    expect(await modal.getByRole('button', { name: 'Logg inn' }).count()).toBe(0);

    expect(health.unexpected()).toEqual([]);
    await context.close();
  });
  it('changes the e-mail (confirmed by the link mailed to it) and the password (other devices logged out) with the current password', async () => {
    const shopper = newShopper('endring');
    await registerThroughApi(shop.url, shopper);
    const newEmail = shopper.email.replace('@', '.ny@');
    const newPassword = 'Vidda-2025!';

    // The same account logged in on two devices.
    const laptop = await newContext(browser, shop.url);
    const page = await laptop.newPage();
    const health = watchHealth(page);
    const phone = await newContext(browser, shop.url);
    const phonePage = await phone.newPage();
    for (const p of [page, phonePage]) {
      await p.goto('/konto/logg-inn');
      await submitLogin(p, shopper);
      await expect.poll(() => accountLink(p).getAttribute('title'), { timeout: 15_000 }).toBe('Min side');
    }

    // ---- a new e-mail with the current password (the page asks for it: mf-account screens.test.tsx), then the page says
    // where the confirmation went
    await page.goto('/konto');
    const profile = page.locator('form[aria-labelledby="profile-title"]');
    await profile.getByLabel('E-post', { exact: true }).fill(newEmail);
    await profile.getByLabel('Nåværende passord').fill(shopper.password);
    await profile.getByRole('button', { name: 'Lagre' }).click();
    await profile.getByText(`Vi har sendt en e-post til ${newEmail}.`, { exact: false }).waitFor();
    // Until the link is opened the old address counts.
    expect(await profile.getByLabel('E-post', { exact: true }).inputValue()).toBe(shopper.email);

    // (The notice to the old address: api/test/accounts/account-changes.test.ts.)
    const confirmations = () => mailbox.messages.filter((m) => m.to.includes(newEmail) && m.subject === 'Bekreft den nye e-postadressen din');
    await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1);
    const link = firstLink(confirmations()[0]!);
    expect(link.pathname).toBe('/konto/bekreft-epost');
    await page.goto(link.pathname + link.search);
    await page.getByText('E-postadressen er endret og bekreftet.').waitFor();
    await page.goto('/konto');
    await expect.poll(() => page.locator('form[aria-labelledby="profile-title"]').getByLabel('E-post', { exact: true }).inputValue()).toBe(newEmail);

    // ---- a new password: this device stays logged in, the other one is logged out (the sessions and the notice mailed:
    // api/test/accounts/account-changes.test.ts)
    const form = page.locator('form[aria-labelledby="profile-title"]');
    await form.getByLabel('Nytt passord').fill(newPassword);
    await form.getByLabel('Gjenta passord').fill(newPassword);
    await form.getByLabel('Nåværende passord').fill(shopper.password);
    await form.getByRole('button', { name: 'Lagre' }).click();
    await form.getByText('Endringene er lagret.').waitFor();
    await page.reload();
    await expect.poll(() => accountLink(page).getAttribute('title'), { timeout: 15_000 }).toBe('Min side');
    await phonePage.reload();
    await expect.poll(() => accountLink(phonePage).getAttribute('title'), { timeout: 15_000 }).toBe('Logg inn');

    expect(health.unexpected()).toEqual([]);
    await laptop.close();
    await phone.close();
  });
});
