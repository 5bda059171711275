/**
 * Payments on two real API processes over one PostgreSQL (issue 19): holds end and are expired exactly once while
 * both processes sweep on a timer, and a Klarna payment that completes after its hold ended is cancelled through the
 * provider while the stock comes back once. Both processes talk to process A's stand-ins (they keep their orders in
 * memory), as two shop processes talk to the one real provider. Runs when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makeShellTree } from '../accounts/browser.js';
import { Client, startApi, stopApi, waitHealthy, type ApiProcess } from '../support/process.js';
import { createServerDatabase } from '../support/databases.js';
import { NEEDS_POSTGRES, testDatabaseUrl } from '../support/services.js';

const adminUrl = testDatabaseUrl;

describe.runIf(Boolean(adminUrl))(`payments on two API processes and one PostgreSQL: ${NEEDS_POSTGRES}`, () => {
  let a: ApiProcess;
  let b: ApiProcess;
  let databaseUrl = '';
  let db: pg.Client;

  let drop = async () => {};

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await createServerDatabase('t_payscale'));
    const env = {
      DATABASE_URL: databaseUrl,
      SEED_ARTICLES: '60',
      STATIC_ROOT: makeShellTree(),
      // Holds of ~3.6 s, a sweep every second in each process, Klarna pushing 2.5 s after "Betal".
      RESERVATION_HOLD_MINUTES: '0.06',
      RESERVATION_PICKUP_HOURS: '0.001',
      PAYMENT_SWEEP_SECONDS: '1',
      PAYMENT_STAND_IN_PUSH_DELAY_MS: '2500',
      // Each test shopper (support/process.ts Client) is its own client, as behind a load balancer.
      TRUST_PROXY: '127.0.0.1,::1',
    };
    a = await startApi(env);
    await waitHealthy(a);
    b = await startApi({ ...env, KLARNA_BASE_URL: `${a.url}/stand-in/klarna`, QLIRO_BASE_URL: `${a.url}/stand-in/qliro` });
    await waitHealthy(b);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 300_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all([stopApi(a), stopApi(b)]);
    await drop();
  });

  const target = async () => {
    const { rows } = await db.query<{ variant_id: number; shop_id: number; ean: string }>(
      `select s.variant_id, s.shop_id, v.ean from stock s join variants v on v.id = s.variant_id join articles a on a.id = v.article_id
       where s.shop_id <> 55 and s.qty > 0 and a.visible_on_web and a.purchasable_on_web and a.web_purchase_limit >= 2 and not exists
         (select 1 from reservation_lines l where l.variant_id = s.variant_id)
       order by s.variant_id, s.shop_id limit 1`,
    );
    const t = rows[0]!;
    await db.query('update stock set qty = 20 where variant_id = $1 and shop_id = $2', [t.variant_id, t.shop_id]);
    return t;
  };
  const qty = async (t: { variant_id: number; shop_id: number }) =>
    (await db.query<{ qty: number }>('select qty from stock where variant_id = $1 and shop_id = $2', [t.variant_id, t.shop_id])).rows[0]!.qty;
  const reserve = async (base: string, t: { shop_id: number; ean: string }, count: number) => {
    const shopper = await new Client().open(base);
    const { rows: methods } = await db.query<{ id: string }>(`select id from shipping_methods order by sort`);
    const pickup = methods.map((m) => m.id).find((id) => /collect|pickup|hent/i.test(id)) ?? methods[0]!.id;
    const res = await shopper.send(base, 'POST', '/reservations', {
      CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '91234567', Delivery: 0, Address: '', PostalCode: '0150', City: 'OSLO',
      ShopID: t.shop_id, items: [{ EanNo: t.ean, Count: count, CampaignArticleID: null }], shipping_method_id: pickup,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return { shopper, id: res.json.ReservationID as number };
  };
  const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('holds placed through both processes end and are expired exactly once; the stock comes back once', async () => {
    const t = await target();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await reserve(i % 2 ? b.url : a.url, t, 2)).id);
    expect(await qty(t)).toBe(20 - 16);
    await until(async () => (await db.query('select 1 from reservations where id = any($1) and expired_at is null', [ids])).rowCount === 0);
    // Both processes kept sweeping for a while: still exactly the 16 units back, not 32.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await qty(t)).toBe(20);
    const { rows } = await db.query<{ status_id: number }>('select status_id from reservations where id = any($1)', [ids]);
    expect(rows.map((r) => r.status_id)).toEqual(ids.map(() => 9));
  }, 60_000);

  it('a Klarna payment completed while its hold ends (started through the other process) is cancelled at Klarna; stock back once', async () => {
    const t = await target();
    const { shopper, id } = await reserve(b.url, t, 1);
    // Started through B (which talks to A's stand-in); the push URL names B.
    const started = await shopper.send(b.url, 'POST', '/payments/klarna/orders', { reservationId: id });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const orderId = started.json.OrderID as string;
    const src = /<iframe src="([^"]+)"/.exec(started.json.HtmlSnippet as string)![1]!;
    const pay = await fetch(`${a.url}${src}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(pay.status).toBe(303); // completed at Klarna; the push comes 2.5 s later
    await db.query(`update reservations set hold_until = now() - interval '1 second' where id = $1`, [id]);
    await until(async () => (await db.query<{ status: string }>(`select o.state as status from payment_operations o join payment_orders p on p.id = o.payment_order_id where p.reservation_id = $1 and o.kind = 'cancel'`, [id])).rows[0]?.status === 'confirmed');
    const { rows: r } = await db.query<{ status_id: number; expired_at: Date | null }>('select status_id, expired_at from reservations where id = $1', [id]);
    expect(r[0]).toMatchObject({ status_id: 9, expired_at: expect.any(Date) });
    const { rows: p } = await db.query<{ status: string; authorized_amount: number }>('select status, authorized_amount from payment_orders where reservation_id = $1', [id]);
    expect(p).toEqual([{ status: 'cancelled', authorized_amount: expect.any(Number) }]);
    expect(p[0]!.authorized_amount).toBeGreaterThan(0);
    const om = await fetch(`${a.url}/stand-in/klarna/ordermanagement/v1/orders/${orderId}`, { headers: { authorization: `Basic ${Buffer.from('standin:standin').toString('base64')}` } });
    expect(((await om.json()) as { status: string }).status).toBe('CANCELLED');
    expect(await qty(t)).toBe(20);
  }, 60_000);

  it('Klarna through one process and Qliro through the other, both paid, pushes repeated: exactly one capture-able payment', async () => {
    const t = await target();
    const { shopper, id } = await reserve(a.url, t, 1);
    await db.query(`update reservations set hold_until = now() + interval '1 hour' where id = $1`, [id]); // this one must not expire
    const before = await qty(t);
    const payAt = async (snippet: string) => {
      const src = /<iframe src="([^"]+)"/.exec(snippet)![1]!;
      const res = await fetch(`${a.url}${src}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
      await res.arrayBuffer();
      return res.status;
    };
    const klarna = await shopper.send(a.url, 'POST', '/payments/klarna/orders', { reservationId: id });
    expect(klarna.status).toBe(201);
    expect(await payAt(klarna.json.HtmlSnippet)).toBe(303); // completed at Klarna; push in 2.5 s
    const qliro = await shopper.send(b.url, 'POST', '/payments/qliro/orders', { reservationId: id });
    if (qliro.status === 201) await payAt(qliro.json.HtmlSnippet);
    else expect(qliro.status).toBe(409); // Klarna's completion was already applied: paid
    // Pushes repeated through both processes.
    for (const base of [a.url, b.url, a.url]) await fetch(`${base}/api/v1/payments/klarna/push?klarna_order_id=${klarna.json.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    await until(async () => {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from payment_operations o join payment_orders p on p.id = o.payment_order_id where p.reservation_id = $1 and o.state in ('queued', 'sent')`, [id]);
      const paid = await db.query(`select 1 from reservations where id = $1 and status_id = 3`, [id]);
      return rows[0]!.n === 0 && paid.rowCount === 1;
    });
    await new Promise((r) => setTimeout(r, 3500)); // Klarna's own push lands too
    const { rows: p } = await db.query<{ provider: string; status: string; authorized_amount: number }>('select provider, status, authorized_amount from payment_orders where reservation_id = $1 order by id', [id]);
    expect(p.filter((x) => x.status === 'paid')).toHaveLength(1);
    // Anything else that was authorised has been cancelled at its provider.
    for (const other of p.filter((x) => x.status !== 'paid')) expect(other.status).toBe('cancelled');
    const { rows: ops } = await db.query<{ kind: string; state: string }>(`select o.kind, o.state from payment_operations o join payment_orders p on p.id = o.payment_order_id where p.reservation_id = $1`, [id]);
    expect(ops.every((o) => o.state === 'confirmed')).toBe(true);
    expect(await qty(t)).toBe(before);
  }, 60_000);
});
