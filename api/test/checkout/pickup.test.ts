/**
 * GET /availability/pickup: which click-and-collect shops hold every line of a cart — the check a click-and-collect
 * reservation makes when it takes the stock, asked before the shopper fills in the form.
 */
import { describe, expect, it } from 'vitest';
import type { RawPickupAvailability } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { insertShippingMethods, openShopper, reservationPayload as payload } from './shoppers.js';

const root = makeShellTree();
const A = ean13('701011'); // shop 1: 3, shop 2: 0, web 55: 5
const B = ean13('701013'); // shop 2: 2 only
const HIDDEN = ean13('701081');

describe.each(testDatabaseKinds())('pickup availability on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  const ask = async (items: string) => t().app.inject({ method: 'GET', url: `/api/v1/availability/pickup?items=${items}` });

  it('marks per pickup shop whether it has every line, complete ones first, never the web stock', async () => {
    const res = await ask(`${A}:2,${B}:1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<RawPickupAvailability[]>()).toEqual([
      { ShopID: 1, Complete: 0, Lines: [{ EanNo: A, Count: 2, Qty: 3 }, { EanNo: B, Count: 1, Qty: 0 }] },
      { ShopID: 2, Complete: 0, Lines: [{ EanNo: A, Count: 2, Qty: 0 }, { EanNo: B, Count: 1, Qty: 2 }] },
    ]);
    const single = (await ask(`${B}:2`)).json<RawPickupAvailability[]>();
    expect(single.map((shop) => [shop.ShopID, shop.Complete])).toEqual([[2, 1], [1, 0]]);
  });

  it('counts a repeated EAN once with the counts added (as the reservation merges lines)', async () => {
    const body = (await ask(`${A}:2,${A}:2`)).json<RawPickupAvailability[]>();
    expect(body.find((shop) => shop.ShopID === 1)).toEqual({ ShopID: 1, Complete: 0, Lines: [{ EanNo: A, Count: 4, Qty: 3 }] });
  });

  it('agrees with the reservation: a complete shop can be reserved at, an incomplete one is refused', async () => {
    await insertShippingMethods(t());
    const [complete, incomplete] = (await ask(`${B}:2`)).json<RawPickupAvailability[]>();
    const b = await openShopper(() => t().app);
    const refused = await b.post('/reservations', payload({ ShopID: incomplete!.ShopID, items: [{ EanNo: B, Count: 2, CampaignArticleID: null }] }));
    expect(refused.statusCode).toBe(409);
    const taken = await b.post('/reservations', payload({ ShopID: complete!.ShopID, items: [{ EanNo: B, Count: 2, CampaignArticleID: null }] }));
    expect(taken.statusCode).toBe(201);
    // The stock is gone: no shop is complete any more.
    expect((await ask(`${B}:1`)).json<RawPickupAvailability[]>().every((shop) => shop.Complete === 0)).toBe(true);
  });

  it('tells nothing about a hidden article (no shop has it)', async () => {
    await t().db.insert(s.stock).values({ variantId: 1081, shopId: 1, qty: 5 });
    const body = (await ask(`${HIDDEN}:1`)).json<RawPickupAvailability[]>();
    expect(body.every((shop) => shop.Complete === 0 && shop.Lines[0]!.Qty === 0)).toBe(true);
  });

  it.each([
    ['no items', ''],
    ['a count of 0', `${A}:0`],
    ['not an EAN', 'abc:1'],
    ['a count above 999', `${A}:1000`],
    ['more than 100 lines', Array.from({ length: 101 }, () => `${A}:1`).join(',')],
  ])('answers 400 for %s', async (_n, items) => {
    expect((await ask(items)).statusCode).toBe(400);
  });
});
