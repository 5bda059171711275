/**
 * Scale-out (issue 8): two real API processes (`api/src/main.ts`) on different ports against one PostgreSQL and one
 * Redis, started at the same moment. A session made through one is valid on the other, login throttling counts
 * across both (and still lets the owner's device in), stock reservations racing across both never oversell, and a
 * write through one is seen through the other's cache at once. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both when they answer).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makeShellTree } from '../accounts/browser.js';
import { Client, startApi, stopApi, waitHealthy, type ApiProcess } from '../support/process.js';
import { createServerDatabase } from '../support/databases.js';
import { NEEDS_POSTGRES, NEEDS_REDIS, testDatabaseUrl, testRedisUrl } from '../support/services.js';

const adminUrl = testDatabaseUrl;
const redisUrl = testRedisUrl;

describe.runIf(Boolean(adminUrl && redisUrl))(`two API processes on one PostgreSQL and one Redis: ${NEEDS_POSTGRES} and ${NEEDS_REDIS}`, () => {
  let a: ApiProcess;
  let b: ApiProcess;
  let databaseUrl = '';

  let drop = async () => {};

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await createServerDatabase('t_scale'));
    // TRUST_PROXY: the test is the load balancer, so each run's clients are its own in the shared Redis.
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, SEED_ARTICLES: '60', STATIC_ROOT: makeShellTree(), TRUST_PROXY: '127.0.0.1,::1' };
    // Both at once: migrations and the seed must serialise themselves.
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await drop();
  });

  const registration = (tag: string) => ({
    first_name: 'Kari',
    last_name: 'Nordmann',
    email: `kari.${tag}.${randomBytes(3).toString('hex')}@example.no`,
    phone: `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    password: 'Fjelltur-2026!',
    password_confirmation: 'Fjelltur-2026!',
    terms_conditions: 1,
  });

  it('both started together on an empty database and agree on the seeded catalogue', async () => {
    const [fromA, fromB] = await Promise.all([a, b].map(async (api) => (await fetch(`${api.url}/api/v1/categories`)).json()));
    expect(fromA).toEqual(fromB);
    expect((fromA as unknown[]).length).toBeGreaterThan(0);
  });

  it('a session made through A is the same session on B', async () => {
    const shopper = await new Client().open(a.url);
    const registered = await shopper.send(a.url, 'POST', '/customers/register', registration('session'));
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const onB = await shopper.send(b.url, 'GET', '/customers/current');
    expect(onB.status).toBe(200);
    expect(onB.json.id).toBe(registered.json.id);
    // Logging out through B ends it on A too.
    expect((await shopper.send(b.url, 'POST', '/customers/logout', {})).status).toBeLessThan(300);
    expect((await shopper.send(a.url, 'GET', '/customers/current')).status).toBe(204);
  });

  it('login throttling counts failures made through both processes', async () => {
    // Owner and attacker share one address (an office, a carrier's NAT).
    const address = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const owner = await new Client(address).open(a.url);
    const account = registration('throttle');
    expect((await owner.send(a.url, 'POST', '/customers/register', account)).status).toBe(201);
    const attacker = await new Client(address).open(b.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      statuses.push((await attacker.send(base, 'POST', '/customers/login', { username: account.email, password: `feil-${i}` })).status);
    }
    // The client has 5 free failures on the account in a window, through whichever process; the sixth must wait.
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    expect((await attacker.send(a.url, 'POST', '/customers/login', { username: account.email, password: account.password })).status).toBe(429);
    // The owner's device (registered through A, so it holds the device cookie), from the very same address: not
    // held back by the attacker, through either process.
    await owner.send(a.url, 'POST', '/customers/logout', {});
    expect((await owner.send(b.url, 'POST', '/customers/login', { username: account.email, password: account.password })).status).toBe(200);
  });

  it('reservations racing through both processes for the last 3 units: exactly 3 succeed, stock never negative', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // A purchasable variant with stock in a physical shop; leave exactly 3 there.
      const { rows } = await client.query<{ variant_id: number; shop_id: number; ean: string }>(
        `select s.variant_id, s.shop_id, v.ean from stock s join variants v on v.id = s.variant_id join articles a on a.id = v.article_id
         where s.shop_id <> 55 and s.qty > 0 and a.visible_on_web and a.purchasable_on_web and a.web_purchase_limit >= 1
         order by s.variant_id, s.shop_id limit 1`,
      );
      const target = rows[0]!;
      await client.query('update stock set qty = 3 where variant_id = $1 and shop_id = $2', [target.variant_id, target.shop_id]);
      const { rows: methods } = await client.query<{ id: string }>(`select id from shipping_methods order by sort`);
      const pickup = methods.map((m) => m.id).find((id) => /collect|pickup|hent/i.test(id)) ?? methods[0]!.id;

      const shoppers = await Promise.all(Array.from({ length: 30 }, (_, i) => new Client().open(i % 2 ? b.url : a.url)));
      const results = await Promise.all(
        shoppers.map((shopper, i) =>
          shopper.send(i % 2 ? b.url : a.url, 'POST', '/reservations', {
            CustomerName: `Kunde ${i}`,
            Email: `kunde${i}@example.no`,
            Phone: '91234567',
            Delivery: 0,
            Address: '',
            PostalCode: '0150',
            City: 'OSLO',
            ShopID: target.shop_id,
            items: [{ EanNo: target.ean, Count: 1, CampaignArticleID: null }],
            shipping_method_id: pickup,
          }),
        ),
      );
      const succeeded = results.filter((r) => r.status >= 200 && r.status < 300);
      expect(succeeded, JSON.stringify(results.find((r) => r.status >= 500)?.json ?? '')).toHaveLength(3);
      expect(results.every((r) => r.status < 500)).toBe(true);
      const { rows: after } = await client.query<{ qty: number }>('select qty from stock where variant_id = $1 and shop_id = $2', [target.variant_id, target.shop_id]);
      expect(after[0]!.qty).toBe(0);
    } finally {
      await client.end();
    }
  });
});
