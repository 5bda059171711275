/** Shoppers for the checkout tests: browser-like sessions, each on its own client address unless told otherwise. */
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import type { App } from '../../src/server/app.js';
import type { TestApp } from '../support/app.js';
import { ean13 } from '../support/fixtures.js';
import { Browser } from '../accounts/browser.js';

let lastAddress = 0;
/** A client address no other shopper of this test run has used (the open-reservation caps count per address). */
export const freshAddress = () => {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

export const openShopper = (app: () => App, ip = freshAddress()) => new Browser(app, ip).open();

/** Logs the browser's session in as the customer: the row the login route would write. */
export async function logIn(t: TestApp, browser: Browser, customerId: number): Promise<void> {
  const sid = browser.cookie!.slice('sid='.length);
  await t.db.update(s.sessions).set({ customerId }).where(eq(s.sessions.id, hashSessionId(sid)));
}

export const reservationPayload = (patch: Record<string, unknown> = {}) => ({
  CustomerName: 'Kari Nordmann',
  Email: 'kari@example.no',
  Phone: '+47 91234567',
  Delivery: 0,
  Address: '',
  PostalCode: '0150',
  City: 'OSLO',
  ShopID: 1,
  items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }],
  shipping_method_id: 'click-and-collect',
  ...patch,
});

export async function insertShippingMethods(t: Pick<TestApp, 'db'>): Promise<void> {
  await t.db.insert(s.shippingMethods).values([
    { id: 'delivery', name: 'Hjemlevering', description: 'Levering på døren', price: 19900, sort: 1 },
    { id: 'click-and-collect', name: 'Klikk & Hent i butikk', description: null, price: 0, sort: 2 },
  ]);
}
