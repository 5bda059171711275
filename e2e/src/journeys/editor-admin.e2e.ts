/**
 * Redaksjon's admin screens end to end (issue 23): an admin — created the way an operator does, with the staff CLI —
 * invites a new editor; the invitation e-mail (delivered over SMTP to the journey's mailbox) leads to the invitation
 * page, where the editor chooses a password, then logs in and works; an editor is refused the staff screen; blog
 * categories are created, renamed and deleted with their posts moved (the shop's blog shows them under the new one);
 * the admin deactivates the editor, whose open session is refused at once; the audit log lists all of it. axe at 1280
 * and 375 px on each of these screens.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { firstLink, startMailbox, type Mailbox } from '../support/mailbox.js';
import { repoRoot, templateDataDir } from '../support/paths.js';
import { startShop, type ShopServer } from '../support/server.js';
import { seriousAxe } from '../support/session.js';

const ADMIN = { email: 'admin.e2e@staut.no', password: 'admin-e2e-passord' };
const EDITOR = { email: 'nora.ny.e2e@staut.no', password: 'nora-sitt-passord', first: 'Nora', last: 'Ny' };
const PHONE = { width: 375, height: 740 };
/** An address typed wrong: its invitation is withdrawn before anyone uses it. */
const MISTYPED = 'nora.ny.e2e@staut.on';
/** Seeded: "Turinspirasjon" holds four posts, among them this one (api/src/seed/content.ts). */
const SEEDED = { name: 'Turinspirasjon', slug: 'turinspirasjon', posts: 4, post: 'Furet, værbitt – Vikafjell' };

let shop: ShopServer;
let browser: Browser;
let mailbox: Mailbox;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  // The operator's way to make an admin: the staff CLI on the shop's data directory, before the server opens it.
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-admin-'));
  cpSync(templateDataDir, dataDir, { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'api/src/content/staff-cli.ts', ADMIN.email, ADMIN.password, 'admin'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'pipe',
  });
  [shop, browser] = await Promise.all([startShop({ SMTP_URL: mailbox.url }, { dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await mailbox?.close();
});

/** A browser of its own (its own session), cookies already accepted so the notice covers nothing at 375 px. */
async function person(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, shop.url, viewport ? { viewport } : {});
  await context.addCookies([{ name: 'cookiesAccepted', value: 'true', url: shop.url }]);
  contexts.push(context);
  return context.newPage();
}

async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/konto/logg-inn');
  const main = page.getByRole('main');
  await main.getByLabel('E-post eller telefonnummer').fill(who.email);
  await main.getByLabel('Passord', { exact: true }).fill(who.password);
  await Promise.all([page.waitForEvent('load'), main.getByRole('button', { name: 'Logg inn', exact: true }).click()]);
}

async function openSection(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  await expect.poll(() => page.getByRole('main').getByRole('status').filter({ hasText: /^Laster/ }).count()).toBe(0);
}

/** axe's serious and critical findings in main at this width (none allowed). */
async function axeAt(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 375 ? PHONE.height : 900 });
  return (await seriousAxe(page, 'main')).map((finding) => `${width}px ${finding}`);
}
async function axeBothWidths(page: Page): Promise<string[]> {
  return [...(await axeAt(page, 375)), ...(await axeAt(page, 1280))];
}

/** The card of one blog category or staff account on its screen. */
const card = (page: Page, testId: string, name: string) => page.getByTestId(testId).filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A refusal the journey provokes on purpose logs the browser's "Failed to load resource … 4xx" line; nothing else may. */
const unexpected = (errors: string[], ...statuses: number[]) => errors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`)));

describe('Redaksjon: staff accounts, invitation, categories, audit log', () => {
  it('an admin invites an editor, who sets a password, logs in and works; deactivated, their open session is refused at once; the log lists it all', async () => {
    // ---- the admin invites Nora
    const admin = await person();
    const adminHealth = watchErrors(admin);
    await logIn(admin, ADMIN);
    await openSection(admin, '/redaksjon/ansatte', 'Ansatte');
    expect(await card(admin, 'staff-account', 'Admin Staut').getByRole('button').count()).toBe(0);
    const invite = admin.getByRole('group', { name: 'Inviter en ansatt' });
    await invite.getByLabel('E-post').fill(EDITOR.email);
    await invite.getByLabel('Fornavn').fill(EDITOR.first);
    await invite.getByLabel('Etternavn').fill(EDITOR.last);
    await invite.getByLabel('Rolle').selectOption({ label: 'Redaktør' });
    await invite.getByRole('button', { name: 'Send invitasjon' }).click();
    await admin.getByText(`Invitasjonen er sendt til ${EDITOR.email}.`).waitFor();
    const nora = card(admin, 'staff-account', 'Nora Ny');
    await nora.getByText('Invitert, ikke godtatt ennå').waitFor();
    await expect.poll(() => nora.textContent()).toContain(`${EDITOR.email} · Redaktør`);
    expect(await axeBothWidths(admin)).toEqual([]);

    // ---- an invitation sent to a mistyped address is withdrawn: the card goes, its link would be refused
    await invite.getByLabel('E-post').fill(MISTYPED);
    await invite.getByLabel('Fornavn').fill('Nora');
    await invite.getByLabel('Etternavn').fill('Feil');
    await invite.getByRole('button', { name: 'Send invitasjon' }).click();
    await admin.getByText(`Invitasjonen er sendt til ${MISTYPED}.`).waitFor();
    await card(admin, 'staff-account', 'Nora Feil').getByRole('button', { name: 'Trekk tilbake invitasjonen til Nora Feil' }).click();
    await admin.getByRole('group', { name: 'Trekk tilbake invitasjonen til Nora Feil' }).getByRole('button', { name: 'Ja, trekk tilbake' }).click();
    await admin.getByText(`Invitasjonen til ${MISTYPED} er trukket tilbake.`).waitFor();
    expect(await card(admin, 'staff-account', 'Nora Feil').count()).toBe(0);

    // ---- the e-mail's link opens the invitation page (no login): a password by the shop's rule, shown on demand
    const mail = await mailbox.waitFor((m) => m.to.includes(EDITOR.email) && m.subject === 'Invitasjon til Stauts redaksjon');
    const link = firstLink(mail);
    expect(link.pathname).toBe('/redaksjon/invitasjon');
    const editor = await person(PHONE);
    const editorHealth = watchErrors(editor);
    await editor.goto(link.pathname + link.search);
    await editor.getByRole('heading', { level: 1, name: 'Velkommen til redaksjonen' }).waitFor();
    expect(await axeBothWidths(editor)).toEqual([]);
    await editor.setViewportSize(PHONE);
    const password = editor.getByLabel('Nytt passord');
    await password.fill('kort');
    await editor.getByRole('button', { name: 'Lagre passord' }).click();
    await editor.getByText('Passordet må ha minst 8 tegn.').waitFor();
    await password.fill(EDITOR.password);
    await editor.getByRole('button', { name: 'Vis passord' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await editor.getByRole('button', { name: 'Lagre passord' }).click();
    await editor.getByText('Passordet er lagret. Du kan nå logge inn og ta i bruk redaksjonen.').waitFor();

    // A used link says so, in the API's words.
    const again = await person();
    const againHealth = watchErrors(again);
    await again.goto(link.pathname + link.search);
    await again.getByLabel('Nytt passord').fill('et-annet-passord');
    await again.getByRole('button', { name: 'Lagre passord' }).click();
    await again.getByText('Invitasjonen er ugyldig, brukt eller utløpt. Be en administrator om en ny.').waitFor();
    expect(unexpected(againHealth.errors, 400)).toEqual([]);

    // ---- Nora logs in (the page's own link) and sees the workspace; the staff screen is for admins only
    await editor.getByRole('main').getByRole('link', { name: 'Logg inn' }).click();
    await logIn(editor, EDITOR);
    await editor.goto('/redaksjon');
    await editor.getByText('Innlogget som Nora Ny').waitFor();
    await editor.goto('/redaksjon/ansatte');
    await editor.getByText('Bare administratorer har tilgang hit.').waitFor();
    expect(await editor.getByRole('navigation', { name: 'Redaksjonen' }).getByRole('link', { name: 'Ansatte' }).count()).toBe(0);
    await admin.reload();
    await card(admin, 'staff-account', 'Nora Ny').getByText('Aktiv', { exact: true }).waitFor();

    // ---- blog categories, by Nora on her phone: create, rename with the keyboard, delete moving the posts
    await openSection(editor, '/redaksjon/kategorier', 'Bloggkategorier');
    await editor.getByLabel('Navn', { exact: true }).fill('Fjelltur E2E');
    await editor.getByRole('button', { name: 'Opprett kategori' }).click();
    await editor.getByText('Kategorien «Fjelltur E2E» er opprettet.').waitFor();
    await card(editor, 'blog-category', 'Fjelltur E2E').getByText('0 innlegg').waitFor();
    await editor.getByRole('button', { name: 'Gi nytt navn til «Fjelltur E2E»' }).click();
    const rename = editor.getByLabel('Nytt navn på «Fjelltur E2E»');
    expect(await rename.evaluate((el) => el === document.activeElement)).toBe(true);
    await rename.fill('Fjellturer E2E');
    await rename.press('Enter');
    await editor.getByText('Kategorien heter nå «Fjellturer E2E».').waitFor();
    await expect.poll(() => card(editor, 'blog-category', 'Fjellturer E2E').textContent()).toContain('/blogg/kategori/fjelltur-e2e');
    expect(await axeBothWidths(editor)).toEqual([]);
    await editor.setViewportSize(PHONE);

    const seeded = card(editor, 'blog-category', SEEDED.name);
    await seeded.getByText(`${SEEDED.posts} innlegg`).waitFor();
    await seeded.getByRole('button', { name: `Slett «${SEEDED.name}»` }).click();
    await seeded.getByRole('button', { name: 'Flytt innleggene og slett' }).click();
    await seeded.getByText('Velg kategorien innleggene skal flyttes til.').waitFor();
    await seeded.getByLabel('Flytt innleggene til').selectOption({ label: 'Fjellturer E2E' });
    await seeded.getByRole('button', { name: 'Flytt innleggene og slett' }).click();
    await editor.getByText(`Kategorien «${SEEDED.name}» er slettet, og ${SEEDED.posts} innlegg er flyttet til «Fjellturer E2E».`).waitFor();
    await card(editor, 'blog-category', 'Fjellturer E2E').getByText(`${SEEDED.posts} innlegg`).waitFor();
    expect(await editor.getByTestId('blog-category').filter({ has: editor.getByRole('heading', { name: SEEDED.name, exact: true }) }).count()).toBe(0);

    // The shop's blog shows the moved posts under the category they moved to; the deleted one is gone.
    const shopper = await person();
    const shopperHealth = watchErrors(shopper);
    await shopper.goto('/blogg/kategori/fjelltur-e2e');
    await shopper.getByRole('heading', { level: 1, name: 'Fjellturer E2E' }).waitFor();
    await shopper.getByRole('link', { name: new RegExp(SEEDED.post) }).waitFor();
    expect((await shopper.goto(`/blogg/kategori/${SEEDED.slug}`))?.status()).toBe(404);
    expect(unexpected(shopperHealth.errors, 404)).toEqual([]);

    // ---- the admin deactivates Nora: her open page is refused at its next request
    await admin.reload();
    const noraCard = card(admin, 'staff-account', 'Nora Ny');
    await noraCard.getByRole('button', { name: 'Deaktiver Nora Ny' }).click();
    await noraCard.getByText(/logges ut overalt med en gang/).waitFor();
    await noraCard.getByRole('button', { name: 'Ja, deaktiver' }).click();
    await admin.getByText('Nora Ny er deaktivert og logget ut.').waitFor();
    await noraCard.getByText('Deaktivert', { exact: true }).waitFor();
    await noraCard.getByRole('button', { name: 'Aktiver Nora Ny igjen' }).waitFor();

    await editor.getByRole('navigation', { name: 'Redaksjonen' }).getByRole('link', { name: 'Alt innhold' }).click();
    await editor.reload();
    await editor.getByText('Du må være logget inn med en redaktørkonto for å bruke redaksjonen.').waitFor();
    expect(await editor.getByText('Innlogget som Nora Ny').count()).toBe(0);
    expect(unexpected(editorHealth.errors, 401)).toEqual([]);

    // ---- the audit log: who did what, in Norwegian words and Oslo time
    await openSection(admin, '/redaksjon/logg', 'Logg');
    const rows = admin.getByTestId('audit-log').getByRole('row');
    await rows.filter({ hasText: 'Inviterte' }).filter({ hasText: 'Admin Staut' }).filter({ hasText: EDITOR.email }).waitFor();
    await rows.filter({ hasText: 'Deaktiverte' }).filter({ hasText: 'Admin Staut' }).waitFor();
    await rows.filter({ hasText: 'Trakk tilbake invitasjonen' }).filter({ hasText: MISTYPED }).waitFor();
    await rows.filter({ hasText: 'Opprettet' }).filter({ hasText: 'Nora Ny' }).filter({ hasText: 'Bloggkategori' }).waitFor();
    await rows.filter({ hasText: 'Ga nytt navn' }).filter({ hasText: 'Nora Ny' }).waitFor();
    await rows.filter({ hasText: 'Slettet' }).filter({ hasText: `${SEEDED.posts} innlegg flyttet` }).waitFor();
    expect(await rows.nth(1).locator('td').first().textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} kl\. \d{2}:\d{2}$/);
    // Filtered by who: only Nora's three category changes.
    await admin.getByLabel('Hvem').selectOption({ label: 'Nora Ny' });
    await expect.poll(() => rows.count()).toBe(4);
    await admin.getByLabel('Hva').selectOption({ label: 'Ansatt' });
    await admin.getByText('Ingen hendelser i loggen med dette utvalget.').waitFor();
    await admin.getByLabel('Hvem').selectOption({ label: 'Alle' });
    // Everyone's staff changes: the two invitations, the withdrawal and the deactivation, and no category line.
    await expect.poll(() => rows.filter({ hasText: 'Ansatt' }).count()).toBe(4);
    expect(await rows.filter({ hasText: 'Bloggkategori' }).count()).toBe(0);
    expect(await axeBothWidths(admin)).toEqual([]);
    expect(adminHealth.errors).toEqual([]);
    // One story in four browsers, with axe at two widths on five screens: minutes on a loaded two-core machine.
  }, 480_000);
});
