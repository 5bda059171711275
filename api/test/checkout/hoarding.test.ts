/**
 * No one hoards: open unpaid reservations are capped per session, per customer and per client address (defaults:
 * 3, 5 and 6, however old), with a 429 and nothing taken beyond a cap — also under concurrency. Every database.
 * The units one owner holds of a variant, and hoarding over days, are in api/test/security/hoarding.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { RawReservation } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { freshAddress, insertShippingMethods, logIn, openShopper, reservationPayload } from './shoppers.js';

const root = makeShellTree();
const TOO_MANY = 'Du har for mange åpne reservasjoner. Fullfør eller vent på dem før du reserverer mer.';

describe.each(testDatabaseKinds())('open-reservation caps on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let nextVariant = 5000;
  /** A fresh variant of article 101 with `qty` units in shop 1 (each test its own, so stock is exact). */
  const variantWith = async (qty: number) => {
    const id = nextVariant++;
    await t().db.insert(s.variants).values({ id, articleId: 101, ean: ean13(`70${id}`), sizeId: 3, colorId: 2 });
    await t().db.insert(s.stock).values({ variantId: id, shopId: 1, qty });
    return { id, ean: ean13(`70${id}`) };
  };
  const qty = async (variantId: number) =>
    (await t().db.select({ q: s.stock.qty }).from(s.stock).where(and(eq(s.stock.variantId, variantId), eq(s.stock.shopId, 1))))[0]!.q;
  const line = (ean: string, count: number) => ({ items: [{ EanNo: ean, Count: count, CampaignArticleID: null }] });

  it('setup', async () => {
    await insertShippingMethods(t());
  });

  it('ten fresh anonymous sessions from one address: six reserve, the rest get 429 and take nothing', async () => {
    const { id, ean } = await variantWith(43);
    const address = freshAddress();
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => openShopper(() => t().app, address)));
    const results = await Promise.all(shoppers.map((b) => b.post('/reservations', reservationPayload(line(ean, 1)))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429, 429, 429]);
    for (const refused of results.filter((r) => r.statusCode === 429)) expect(refused.json()).toEqual({ message: TOO_MANY });
    expect(await qty(id)).toBe(43 - 6);
    const rows = await t().db.select({ address: s.reservations.clientAddress }).from(s.reservations).where(eq(s.reservations.clientAddress, address));
    expect(rows).toHaveLength(6);
  });

  it('an IPv6 client is its /64: ten sessions on ten addresses of one /64 are one client (six reserve)', async () => {
    const { id, ean } = await variantWith(43);
    const shoppers = await Promise.all(Array.from({ length: 10 }, (_, i) => openShopper(() => t().app, `2001:db8:18:${kind === 'pglite' ? 1 : 2}::${(i + 1).toString(16)}`)));
    const results = await Promise.all(shoppers.map((b) => b.post('/reservations', reservationPayload(line(ean, 1)))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 201, 429, 429, 429, 429]);
    expect(await qty(id)).toBe(43 - 6);
  });

  it('per session: three open reservations, then 429, however old; paid, cancelled or ended holds do not count', async () => {
    const { id, ean } = await variantWith(20);
    const b = await openShopper(() => t().app);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await b.post('/reservations', reservationPayload(line(ean, 1)));
      expect(res.statusCode).toBe(201);
      made.push(res.json<RawReservation>().ReservationID);
    }
    const refused = await b.post('/reservations', reservationPayload(line(ean, 1)));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY);
    expect(await qty(id)).toBe(17);

    // Status 2 (awaiting payment) still counts; 3 (paid) and 9 (cancelled) do not.
    await t().db.update(s.reservations).set({ statusId: 2 }).where(eq(s.reservations.id, made[0]!));
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(429);
    await t().db.update(s.reservations).set({ statusId: 3 }).where(eq(s.reservations.id, made[0]!));
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(201);
    await t().db.update(s.reservations).set({ statusId: 9 }).where(eq(s.reservations.id, made[1]!));
    // A reservation placed three days ago whose hold still runs (as one to be paid in the shop holds for three days) still counts.
    await t().db.update(s.reservations).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(s.reservations.id, made[2]!));
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(201);
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(429);
    // One whose hold has ended (the sweep is releasing it) does not.
    await t().db.update(s.reservations).set({ holdUntil: sql`now() - interval '1 minute'` }).where(eq(s.reservations.id, made[2]!));
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(201);
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(429);
    expect(await qty(id)).toBe(14);
  });

  it('per customer: five open reservations over any number of sessions and addresses, then 429', async () => {
    const { id, ean } = await variantWith(20);
    const [customer] = await t()
      .db.insert(s.customers)
      .values({ firstName: 'Hamstre', lastName: 'Hansen', email: 'hamstre@example.no', phone: '41111111' })
      .returning({ id: s.customers.id });
    const statuses: number[] = [];
    for (let session = 0; session < 3; session++) {
      const b = await openShopper(() => t().app);
      await logIn(t(), b, customer!.id);
      for (let i = 0; i < 2; i++) statuses.push((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await qty(id)).toBe(15);
    const rows = await t().db.select().from(s.reservations).where(eq(s.reservations.customerId, customer!.id));
    expect(rows).toHaveLength(5);
  });

  it('twenty parallel requests from one session: exactly three pass the cap', async () => {
    const { id, ean } = await variantWith(40);
    const b = await openShopper(() => t().app);
    const results = await Promise.all(Array.from({ length: 20 }, () => b.post('/reservations', reservationPayload(line(ean, 2)))));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((st) => st === 201)).toHaveLength(3);
    expect(statuses.filter((st) => st === 429)).toHaveLength(17);
    expect(await qty(id)).toBe(40 - 3 * 2);
  });

  it('a refused reservation does not count towards the cap (nothing was written)', async () => {
    const { ean } = await variantWith(1);
    const b = await openShopper(() => t().app);
    expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await b.post('/reservations', reservationPayload(line(ean, 1)))).statusCode).toBe(409);
    const { ean: other } = await variantWith(5);
    expect((await b.post('/reservations', reservationPayload(line(other, 1)))).statusCode).toBe(201);
  });

  it('webPurchaseLimit holds per article line, also when the line is split into repeated EANs', async () => {
    const { id, ean } = await variantWith(30);
    const b = await openShopper(() => t().app);
    const split = await b.post('/reservations', reservationPayload({
      items: [{ EanNo: ean, Count: 6, CampaignArticleID: null }, { EanNo: ean, Count: 5, CampaignArticleID: null }],
    }));
    expect(split.statusCode).toBe(422);
    expect(split.json().cartErrors).toEqual([{ eanNo: ean, message: 'Du kan kjøpe høyst 10 stk. av denne varen' }]);
    expect(await qty(id)).toBe(30);
    expect((await b.post('/reservations', reservationPayload(line(ean, 10)))).statusCode).toBe(201);
  });
});
