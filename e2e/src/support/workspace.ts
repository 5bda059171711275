import type { Page } from 'playwright-core';

/** "Publiser nå" in Redaksjon's item screen (its status panel), then the panel's word that the content is live. */
export async function publishFromWorkspace(page: Page): Promise<void> {
  const panel = page.getByRole('complementary', { name: 'Publisering og historikk' });
  await panel.getByRole('button', { name: 'Publiser nå' }).click();
  await panel.getByText(/^Publisert \d/).waitFor();
}

/** A day `days` ahead on Oslo's calendar: as a date input wants it, and as the workspace prints it (dd.mm.yyyy). */
export function osloDaysAhead(days: number): { date: string; printed: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + days * 24 * 3600_000))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, printed: `${parts.day}.${parts.month}.${parts.year}` };
}
