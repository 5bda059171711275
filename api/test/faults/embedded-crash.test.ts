/**
 * Fault suite (issue 8): the embedded database is killed while writing. The real API process (`npm start`'s
 * api/src/main.ts on a PGlite data directory) takes click-and-collect reservations from a logged-in customer and is
 * SIGKILLed in the middle of them. After a restart on the same directory nothing committed is lost (every reservation
 * the API acknowledged is there) and nothing half-written remains (every reservation has its lines, and the stock
 * taken equals what the stored reservations hold).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawArticleDetail, RawPaginated, RawReservation } from '@shop/contracts/types';
import { makeShellTree } from '../accounts/browser.js';
import { migratedDataDir } from '../support/dataDir.js';
import { Client, startApi, stopApi, waitHealthy, type ApiProcess } from '../support/process.js';

// Already migrated (the first start on an empty directory is test/db/embedded.test.ts's): the first start here seeds.
const dataDir = migratedDataDir('shop-crash-');
// One shopper writes reservations until the kill: the open-reservation caps (hoarding.test.ts) are off here.
const noCaps = { RESERVATION_CAP_PER_SESSION: '0', RESERVATION_CAP_PER_CUSTOMER: '0', RESERVATION_CAP_PER_ADDRESS: '0', RESERVATION_CAP_UNITS_PER_VARIANT: '0' };
const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_ARTICLES: '60', STATIC_ROOT: makeShellTree(), ...noCaps };
let api: ApiProcess | undefined;

afterAll(async () => {
  await stopApi(api);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Line {
  articleId: number;
  ean: string;
  shopId: number;
}

async function stockOf(base: string, lines: Line[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const articleId of new Set(lines.map((l) => l.articleId))) {
    const article = (await (await fetch(`${base}/api/v1/articles/${articleId}`)).json()) as RawArticleDetail;
    for (const variant of article.Variants) for (const shop of variant.Shops) out.set(`${variant.EanNo}@${shop.ShopID}`, shop.Qty);
  }
  return out;
}

async function allReservations(client: Client, base: string): Promise<RawReservation[]> {
  const all: RawReservation[] = [];
  for (let page = 1; ; page++) {
    const { status, json } = await client.send(base, 'GET', `/customers/current/reservations?page=${page}`);
    expect(status).toBe(200);
    const body = json as RawPaginated<RawReservation>;
    all.push(...body.data);
    if (page >= body.meta.last_page) return all;
  }
}

describe('the embedded database killed while writing', () => {
  it('keeps every acknowledged reservation and no half-written one after a restart', async () => {
    api = await startApi(env);
    await waitHealthy(api);
    const base = api.url;

    const shopper = await new Client().open(base);
    const registered = await shopper.send(base, 'POST', '/customers/register', {
      first_name: 'Kari',
      last_name: 'Krasj',
      email: 'kari.krasj@example.no',
      phone: '47113355',
      password: 'Fjelltur-2026!',
      password_confirmation: 'Fjelltur-2026!',
      terms_conditions: 1,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);

    // Lines with stock in a physical shop, found through the API.
    const listing = (await (await fetch(`${base}/api/v1/categories/1/articles?per_page=40`)).json()) as { data: Array<{ ArticleID: number }> };
    const lines: Line[] = [];
    for (const { ArticleID } of listing.data) {
      const article = (await (await fetch(`${base}/api/v1/articles/${ArticleID}`)).json()) as RawArticleDetail;
      if (!article.PurchasableOnWeb) continue;
      for (const variant of article.Variants)
        for (const shop of variant.Shops) if (shop.ShopID !== 55 && shop.Qty > 0) lines.push({ articleId: ArticleID, ean: variant.EanNo, shopId: shop.ShopID });
    }
    expect(lines.length).toBeGreaterThan(5);
    const before = await stockOf(base, lines);
    const methods = ((await (await fetch(`${base}/api/v1/shipping_methods`)).json()) as Array<{ ShippingMethodID: string }>).map((m) => m.ShippingMethodID);
    const pickup = methods.find((id) => /collect|pickup|hent/i.test(id)) ?? methods[0]!;

    // Four writers until the process dies; the kill lands after a few reservations have been acknowledged.
    const acknowledged: number[] = [];
    let next = 0;
    let dead = false;
    const writer = async () => {
      while (!dead) {
        const line = lines[next++ % lines.length]!;
        try {
          const res = await shopper.send(base, 'POST', '/reservations', {
            CustomerName: 'Kari Krasj',
            Email: 'kari.krasj@example.no',
            Phone: '91234567',
            Delivery: 0,
            Address: '',
            PostalCode: '0150',
            City: 'OSLO',
            ShopID: line.shopId,
            items: [{ EanNo: line.ean, Count: 1, CampaignArticleID: null }],
            shipping_method_id: pickup,
          });
          if (res.status === 201) acknowledged.push((res.json as RawReservation).ReservationID);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 8) await new Promise((r) => setTimeout(r, 10));
    await stopApi(api, 'SIGKILL');
    dead = true;
    await Promise.all(writers);

    // Restart on the same directory (the killed process's lock file is taken over).
    api = await startApi(env);
    await waitHealthy(api);
    const stored = await allReservations(shopper, api.url);
    const storedIds = new Set(stored.map((r) => r.ReservationID));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    for (const reservation of stored) expect(reservation.Articles.length, `reservation ${reservation.ReservationID} has no lines`).toBeGreaterThan(0);

    // Stock taken = units the stored reservations hold (a reservation committed but not acknowledged counts too).
    const after = await stockOf(api.url, lines);
    let taken = 0;
    for (const [key, qty] of before) taken += qty - (after.get(key) ?? qty);
    const held = stored.flatMap((r) => r.Articles).reduce((sum, line) => sum + line.Count, 0);
    expect(taken).toBe(held);
  }, 240_000);
});
