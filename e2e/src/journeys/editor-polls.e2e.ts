/**
 * The poll editor in Redaksjon (issue 23): an editor builds a quiz with two questions at /redaksjon/avstemninger/ny,
 * marks the right answers, saves and opens it; a shopper answers on /avstemning/{id}; the editor's live results show
 * the answer (refreshed while the screen is open, no reload), the questions lock, and the CSV link downloads it; the
 * editor closes the poll and the next shopper can only read the results. axe finds nothing serious or critical on the
 * editor at 1280 and 375 px.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { A11Y_VIEWPORTS } from '../support/a11y.js';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { artifactsDir } from '../support/paths.js';
import { startShop, type ShopServer } from '../support/server.js';
import { acceptCookies, logIn, seriousAxe } from '../support/session.js';
import { publishFromWorkspace } from '../support/workspace.js';

/** The operator's staff account, created by the server at start-up from the environment (docs/workspaces.md). */
const STAFF = { email: 'redaktor.polls@staut.no', password: 'redaksjon-e2e-polls' };

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startShop({ STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password })]);
});
afterAll(async () => {
  await shop?.stop();
  await browser?.close();
});

/** What the steps share: the editor's page (logged in) and the poll it made. */
let editorContext: BrowserContext;
let editor: Page;
let editorErrors: string[];
let id = 0;
const openContexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all([editorContext, ...openContexts].filter(Boolean).map((c) => c.close()));
});

describe('Redaksjon: polls and quizzes (one editor, steps in order)', () => {
  it('an editor builds a quiz with two questions and marks the right answers', async () => {
    editorContext = await newContext(browser, shop.url);
    editor = await editorContext.newPage();
    editorErrors = watchErrors(editor).errors;
    await logIn(editor, STAFF);

    await editor.goto('/redaksjon/avstemninger/ny');
    await editor.getByLabel('Navn', { exact: true }).fill('Turquiz');
    await editor.getByLabel('Beskrivelse').fill('To spørsmål om Staut.');
    // Saving an empty question says what is missing, at the field.
    await editor.getByRole('button', { name: 'Opprett avstemning' }).click();
    await editor.getByRole('alert').getByText('Rett de 3 feilene i skjemaet før du lagrer.').waitFor();
    await editor.getByText('Skriv spørsmålet.').waitFor();

    await editor.getByLabel('Quiz: spørsmålene har riktige svar').check();
    const q1 = editor.getByRole('group', { name: 'Spørsmål 1', exact: true });
    await q1.getByLabel('Spørsmålstekst').fill('Hvor mange butikker har Staut?');
    await q1.getByLabel('Svar 1', { exact: true }).fill('3');
    await q1.getByLabel('Svar 2', { exact: true }).fill('14');
    await q1.getByRole('checkbox', { name: 'Riktig (svar 2)' }).check();
    await editor.getByRole('button', { name: 'Legg til spørsmål' }).click();
    const q2 = editor.getByRole('group', { name: 'Spørsmål 2', exact: true });
    await q2.getByLabel('Spørsmålstekst').fill('Når ble Staut grunnlagt?');
    await q2.getByRole('button', { name: 'Legg til svaralternativ' }).click();
    await q2.getByLabel('Svar 1', { exact: true }).fill('2008');
    await q2.getByLabel('Svar 2', { exact: true }).fill('2012');
    await q2.getByLabel('Svar 3', { exact: true }).fill('2016');
    await q2.getByRole('checkbox', { name: 'Riktig (svar 2)' }).check();
    await editor.getByRole('button', { name: 'Opprett avstemning' }).click();

    // Saved: the workspace moves to the poll's address; it is closed until the editor opens it.
    await editor.waitForURL(/\/redaksjon\/avstemninger\/\d+$/);
    id = Number(/(\d+)$/.exec(editor.url())![1]);
    await editor.getByText('Avstemningen er stengt: den tar ikke imot svar.').waitFor();
    // The saved questions are editable while nobody has answered.
    expect(await q2.getByLabel('Svar 3', { exact: true }).inputValue()).toBe('2016');
    expect(await q2.getByRole('checkbox', { name: 'Riktig (svar 2)' }).isChecked()).toBe(true);
  });

  it('opens it for answers and publishes it: until then it is a draft no shopper can reach', async () => {
    await editor.getByRole('button', { name: 'Åpne for svar' }).click();
    await editor.getByText('Avstemningen er åpen for svar.').waitFor();
    await editor.getByText('0 deltakere har svart.').waitFor();
    expect((await fetch(`${shop.url}/api/v1/polls/${id}`)).status).toBe(404);
    await publishFromWorkspace(editor);
    expect((await fetch(`${shop.url}/api/v1/polls/${id}`)).status).toBe(200);
  });

  // axe on a long form takes its time on a busy machine: each width is a step of its own, with room.
  it.each([A11Y_VIEWPORTS.desktop, A11Y_VIEWPORTS.phone])('axe finds nothing serious or critical on the poll editor at $name px', async (viewport) => {
    await editor.setViewportSize({ width: viewport.width, height: viewport.height });
    // The editor with everything on it (form, open/close, results), not whatever an earlier failed step left.
    await editor.getByRole('heading', { level: 2, name: 'Resultater' }).waitFor();
    await editor.getByText('Avstemningen er åpen for svar.').waitFor();
    expect(await seriousAxe(editor)).toEqual([]);
    await editor.screenshot({ path: join(artifactsDir, `poll-editor-${viewport.name}.png`), fullPage: true });
    await editor.setViewportSize({ width: 1280, height: 900 });
  }, 150_000);

  it("a shopper answers, and the editor's open screen shows it in the chart and locks the questions", async () => {
    const shopperContext = await newContext(browser, shop.url);
    openContexts.push(shopperContext);
    const shopper = await shopperContext.newPage();
    const shopperErrors = watchErrors(shopper).errors;
    await shopper.goto(`/avstemning/${id}`);
    await acceptCookies(shopper);
    await shopper.getByRole('heading', { level: 1, name: 'Turquiz' }).waitFor();
    await shopper.getByRole('group', { name: /butikker/ }).getByLabel('14').check();
    await shopper.getByRole('group', { name: /grunnlagt/ }).getByLabel('2016').check();
    await shopper.getByRole('button', { name: 'Send svar' }).click();
    await shopper.getByRole('status').getByText('Du har 1 av 2 riktige.').waitFor();
    expect(shopperErrors).toEqual([]);

    // No reload: the screen asks for results every 10 s.
    await editor.getByText('1 deltaker har svart.').waitFor({ timeout: 25_000 });
    const chart1 = editor.getByRole('table', { name: /Spørsmål 1: Hvor mange butikker har Staut\?/ });
    expect(await chart1.getByRole('row', { name: /^14/ }).innerText()).toMatch(/14\s+✓ riktig svar\s+1 svar\s+100 %/);
    expect(await chart1.getByRole('row', { name: /^3 / }).innerText()).toMatch(/0 svar\s+0 %/);
    const chart2 = editor.getByRole('table', { name: /Spørsmål 2: Når ble Staut grunnlagt\?/ });
    expect(await chart2.getByRole('row', { name: /^2016/ }).innerText()).toMatch(/1 svar\s+100 %/);
    await editor.getByText(/Noen har allerede svart, så spørsmålene og svaralternativene kan ikke endres lenger/).waitFor();
    expect(await editor.getByLabel('Spørsmålstekst').count()).toBe(0);
    await editor.getByTestId('poll-results').screenshot({ path: join(artifactsDir, 'poll-editor-results.png') });

    // The CSV, fetched from the link with the editor's session cookie; without it, nothing.
    const href = await editor.getByRole('link', { name: 'Last ned svar (CSV)' }).getAttribute('href');
    expect(href).toBe(`/api/v1/editor/polls/${id}/answers.csv`);
    const csv = await editorContext.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Tidspunkt,Deltaker,Spørsmål,Svar,Riktig');
    expect(lines.slice(1).map((line) => line.split(',').slice(2).join(','))).toEqual(['Hvor mange butikker har Staut?,14,ja', 'Når ble Staut grunnlagt?,2016,nei']);
    expect((await shopperContext.request.get(href!)).status()).toBe(401);
  });

  it('the editor closes it, and the next shopper sees the results but cannot answer', async () => {
    await editor.getByRole('button', { name: 'Steng' }).click();
    await editor.getByText('Avstemningen er stengt: den tar ikke imot svar.').waitFor();
    const lateContext = await newContext(browser, shop.url);
    openContexts.push(lateContext);
    const late = await lateContext.newPage();
    const lateErrors = watchErrors(late).errors;
    await late.goto(`/avstemning/${id}`);
    await late.getByRole('heading', { level: 1, name: 'Turquiz' }).waitFor();
    await late.getByText('Denne avstemningen er avsluttet. Her ser du hvordan det ble stemt.').waitFor();
    expect(await late.getByRole('button', { name: 'Send svar' }).count()).toBe(0);
    expect(await late.getByRole('radio').evaluateAll((rs) => rs.every((r) => (r as HTMLInputElement).disabled))).toBe(true);
    expect(lateErrors).toEqual([]);
    expect(editorErrors).toEqual([]);
  });
});
