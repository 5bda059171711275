/**
 * Local stand-in for the Klarna Checkout v3 + Order Management contract as Kustom serves it (in memory, one
 * process). It behaves like the real service where the shop's correctness depends on it, each behaviour beside the
 * page that documents it:
 * - amounts are checked by this file's own reading of Klarna's rules (never the adapter's money module);
 * - "Betal" first asks merchant_urls.validation (200 completes; 303 sends the shopper to its Location; no answer
 *   within 3 s completes, as Kustom's default does), then completes and sends the shopper to
 *   merchant_urls.confirmation;
 * - the push: POST merchant_urls.push with `Content-Type: application/json` and an empty body, about 2 minutes after
 *   the purchase, then again after 5, 15, 30 and 60 minutes and every 4 hours, 48 hours in all, until the order is
 *   acknowledged (POST /ordermanagement/v1/orders/{id}/acknowledge) — a push answered 200 but never acknowledged is
 *   pushed again (https://docs.kustom.co/v3/checkout/additional-resources/confirm-purchase);
 * - pending orders: a completed order may be `fraud_status: PENDING` (under review: no capture, see below); the
 *   decision changes fraud_status and is POSTed to merchant_urls.notification as {order_id, event_type}
 *   (https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders);
 * - an unpaid checkout order expires (PAYMENT_STAND_IN_CHECKOUT_TTL_MS, 48 h) and is then gone (404);
 * - order management: read (status, fraud_status, amounts, captures[], refunds[]), acknowledge, captures (never above
 *   the remaining authorised amount), refunds (never above what was captured and not refunded), cancel (only with
 *   nothing captured), release-remaining-authorization (only when part-captured), extend-authorization-time, each
 *   idempotent by Klarna-Idempotency-Key for 24 hours; errors as {error_code, error_messages, correlation_id}.
 *
 * Environment (read when the stand-in is mounted; control.ts standInTiming):
 *   PAYMENT_STAND_IN_PUSH_DELAY_MS   the first push after a purchase (Kustom: about 2 minutes; default 1000 ms). The
 *                                    whole push schedule is compressed by the same factor: with 150 ms the retries
 *                                    come 375 ms, 1.1 s, 2.3 s and 4.5 s after the first, then every 18 s until 216 s.
 *   PAYMENT_STAND_IN_CHECKOUT_TTL_MS how long an unpaid checkout lives (default 48 h, as Kustom's).
 *
 * Test controls (no credentials; never part of Kustom's API):
 *   POST {prefix}/_control/fail    {status, times, code}   the next calls answer like an outage or an auth error
 *   POST {prefix}/_control/faults  {seed, lostAnswerRate, serverErrorRate, busyRate, dropNotificationRate,
 *                                   notificationDelayMs: [min, max]}  seeded faults of order-management calls (busy =
 *                                   503 TEMPORARILY_UNAVAILABLE, server error = 500, both without doing the work;
 *                                   lost answer = work done, connection closed) and of pushes / fraud notifications
 *                                   (drop = that delivery attempt never goes out; delay = added before it); `{}` clears
 *   POST {prefix}/_control/fraud   {status: 'PENDING'|'ACCEPTED'|'REJECTED', times}  the next `times` completed
 *                                   orders get that fraud_status (`{}` clears: ACCEPTED, as most orders)
 *   POST {prefix}/_control/orders/:id/fraud {decision: 'ACCEPTED'|'REJECTED'|'STOPPED'}  Kustom's decision on a
 *                                   pending order: fraud_status becomes ACCEPTED / REJECTED (STOPPED too) and
 *                                   {order_id, event_type: FRAUD_RISK_<decision>} goes to merchant_urls.notification
 *   GET  {prefix}/_control/orders/:id/ledger  the stand-in's own truth in øre: {captured, refunded, cancelled,
 *                                   shipped: {ref: qty}, returned: {ref: qty}, transactions: [{id, kind, amount, status}]}
 *   GET  {prefix}/_control/orders/:id/pushes  {pushes, notifications, acknowledged}: delivery attempts made so far
 *   POST {prefix}/_control/orders/:id/expire  the unpaid checkout expires now
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MerchantUrls } from '../types.js';
import { failureSwitch, faultSwitch, loseAnswer, standInTiming, type StandInOptions } from './control.js';
import { checkoutPage, snippet } from './page.js';

interface Line {
  type?: string;
  reference?: string;
  name?: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount?: number;
  total_tax_amount: number;
}

/** https://help.kustom.co/en/articles/272002-order-status (Authorized, Partially captured, Captured, Closed, Expired, Cancelled). */
type ManagementStatus = 'AUTHORIZED' | 'PART_CAPTURED' | 'CAPTURED' | 'CANCELLED' | 'EXPIRED' | 'CLOSED';
type FraudStatus = 'ACCEPTED' | 'PENDING' | 'REJECTED';
const FRAUD_STATUSES: readonly FraudStatus[] = ['ACCEPTED', 'PENDING', 'REJECTED'];
/** The decisions of https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders and what fraud_status becomes. */
const FRAUD_DECISIONS = { ACCEPTED: 'ACCEPTED', REJECTED: 'REJECTED', STOPPED: 'REJECTED' } as const;
type FraudDecision = keyof typeof FRAUD_DECISIONS;

interface Capture {
  capture_id: string;
  captured_amount: number;
  captured_at: string;
  refunded_amount: number;
  order_lines: Line[];
}

interface Refund {
  refund_id: string;
  refunded_amount: number;
  refunded_at: string;
  order_lines: Line[];
}

interface StoredOrder {
  order_id: string;
  status: 'checkout_incomplete' | 'checkout_complete';
  purchase_currency: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: Line[];
  merchant_reference1?: string;
  merchant_reference2?: string;
  merchant_urls: MerchantUrls;
  html_snippet: string;
  expiresAt: number;
  acknowledged: boolean;
  /** Delivery attempts made (what a test can wait for). */
  pushes: number;
  notifications: number;
  management: {
    status: ManagementStatus;
    fraud_status: FraudStatus;
    captured: number;
    refunded: number;
    captures: Capture[];
    refunds: Refund[];
    /** What release-remaining-authorization or cancel gave back. */
    releases: Array<{ id: string; amount: number; cancelled: boolean }>;
    /** Every money transaction in order (the control ledger's `transactions`). */
    history: Array<{ id: string; kind: 'capture' | 'refund' | 'cancel'; amount: number }>;
    authorizationExpiresAt: number;
  } | null;
}

const AUTHORIZATION_MS = 28 * 24 * 60 * 60 * 1000;
/**
 * Klarna honours an idempotency key for 24 hours after the first attempt
 * (https://docs.klarna.com/api/escalation-and-retry-policy/); Kustom's pages state no other window.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Kustom's real push schedule (https://docs.kustom.co/v3/checkout/additional-resources/confirm-purchase), in minutes. */
const KUSTOM_FIRST_PUSH_MIN = 2;
const KUSTOM_RETRIES_AFTER_FIRST_MIN = [5, 15, 30, 60];
const KUSTOM_RETRY_EVERY_MIN = 4 * 60;
const KUSTOM_PUSH_FOR_MIN = 48 * 60;
const withId = (url: string, id: string) => url.replaceAll('{checkout.order.id}', encodeURIComponent(id));

/**
 * When the pushes go out, in ms after the purchase: Kustom's schedule compressed so that its first push comes after
 * `firstDelayMs`. Every later push keeps its place relative to the first.
 */
export function pushSchedule(firstDelayMs: number): number[] {
  const scale = Math.max(firstDelayMs, 1) / (KUSTOM_FIRST_PUSH_MIN * 60_000);
  const at = (minutes: number) => Math.round(minutes * 60_000 * scale);
  const out = [firstDelayMs];
  for (const m of KUSTOM_RETRIES_AFTER_FIRST_MIN) out.push(firstDelayMs + at(m));
  const last = KUSTOM_RETRIES_AFTER_FIRST_MIN[KUSTOM_RETRIES_AFTER_FIRST_MIN.length - 1]!;
  for (let m = last + KUSTOM_RETRY_EVERY_MIN; m <= KUSTOM_PUSH_FOR_MIN; m += KUSTOM_RETRY_EVERY_MIN) out.push(firstDelayMs + at(m));
  return out;
}

/** An order-management answer, kept whole so a repeated idempotency key gets it again. */
interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const refuse = (status: number, code: string, message: string): Answer => ({ status, body: { error_code: code, error_messages: [message], correlation_id: randomUUID() } });

/**
 * The stand-in's own truth for the fault suite (GET _control/orders/:id/ledger), by order line reference. A capture
 * without order lines that takes all that was left ships every line still unshipped; a refund without lines that
 * gives back all that was captured returns every shipped unit. Partial ones without lines name no line.
 */
export function ledgerOf(o: StoredOrder) {
  const m = o.management!;
  const shipped: Record<string, number> = {};
  const returned: Record<string, number> = {};
  const add = (into: Record<string, number>, lines: Line[]) => {
    for (const l of lines) if (l.reference) into[l.reference] = (into[l.reference] ?? 0) + l.quantity;
  };
  let captured = 0;
  for (const c of m.captures) {
    if (c.order_lines.length) add(shipped, c.order_lines);
    else if (captured + c.captured_amount === o.order_amount) {
      for (const l of o.order_lines) if (l.reference) shipped[l.reference] = Math.max(shipped[l.reference] ?? 0, l.quantity);
    }
    captured += c.captured_amount;
  }
  let refunded = 0;
  for (const r of m.refunds) {
    if (r.order_lines.length) add(returned, r.order_lines);
    else if (refunded + r.refunded_amount === m.captured) Object.assign(returned, shipped);
    refunded += r.refunded_amount;
  }
  return {
    captured: m.captured,
    refunded: m.refunded,
    cancelled: m.status === 'CANCELLED',
    shipped,
    returned,
    transactions: m.history.map((h) => ({ ...h, status: 'settled' as const })),
  };
}

/** Klarna's amount rules, read from its documentation (kept apart from the shop's own money.ts on purpose). */
export function klarnaRuleViolations(body: { order_amount?: unknown; order_tax_amount?: unknown; order_lines?: unknown }): string[] {
  const out: string[] = [];
  const lines = body.order_lines;
  if (!Array.isArray(lines) || lines.length === 0) return ['order_lines'];
  let sum = 0;
  let taxSum = 0;
  lines.forEach((raw: Partial<Line>, i) => {
    const q = raw.quantity;
    const price = raw.unit_price;
    const rate = raw.tax_rate;
    const total = raw.total_amount;
    const tax = raw.total_tax_amount;
    const discount = raw.total_discount_amount ?? 0;
    if (!Number.isInteger(q) || (q as number) < 1) out.push(`order_lines[${i}].quantity`);
    if (!Number.isInteger(rate) || (rate as number) < 0 || (rate as number) > 10000) out.push(`order_lines[${i}].tax_rate`);
    if (!Number.isInteger(total) || total !== (q as number) * (price as number) - discount) out.push(`order_lines[${i}].total_amount`);
    // total_tax_amount = total_amount - total_amount * 10000 / (10000 + tax_rate), ±1 for rounding.
    const expectedTax = (total as number) - ((total as number) * 10000) / (10000 + (rate as number));
    if (!Number.isInteger(tax) || Math.abs((tax as number) - expectedTax) > 1) out.push(`order_lines[${i}].total_tax_amount`);
    sum += Number(total) || 0;
    taxSum += Number(tax) || 0;
  });
  if (body.order_amount !== sum) out.push('order_amount');
  if (body.order_tax_amount !== taxSum) out.push('order_tax_amount');
  return out;
}

export function klarnaStandIn(credentials: { username: string; password: string }, options: StandInOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const timing = standInTiming();
    const orders = new Map<string, StoredOrder>();
    const idempotent = new Map<string, { orderId: string; action: string; at: number; answer: Answer }>();
    const timers = new Set<NodeJS.Timeout>();
    app.addHook('onClose', async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    });
    const later = (ms: number, run: () => void) => {
      const t = setTimeout(() => {
        timers.delete(t);
        run();
      }, Math.max(0, ms));
      t.unref();
      timers.add(t);
    };
    /** The next completed orders' fraud_status (POST _control/fraud). */
    let fraudPlan: { status: FraudStatus; times: number } | null = null;

    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    const errorBody = (code: string, messages: string[]) => ({ error_code: code, error_messages: messages, correlation_id: randomUUID() });
    const error = (reply: FastifyReply, status: number, code: string, messages: string[]) => reply.status(status).send(errorBody(code, messages));
    const failures = failureSwitch(app);
    const faults = faultSwitch(app);
    const authorized = (request: FastifyRequest, reply: FastifyReply) => {
      if (failures.failed(reply, (code, correlation_id) => ({ error_code: code, error_messages: ['Stand-in failure'], correlation_id }))) return false;
      if (request.headers.authorization === expected) return true;
      void error(reply, 401, 'UNAUTHORIZED', ['Bad credentials']);
      return false;
    };
    /** The checkout order, unless unknown or expired unpaid (then Klarna no longer has it). */
    const live = (id: string) => {
      const order = orders.get(id);
      if (!order) return null;
      if (order.status === 'checkout_incomplete' && Date.now() >= order.expiresAt) return null;
      return order;
    };
    const view = (o: StoredOrder) => {
      const { expiresAt: _e, acknowledged: _a, management: _m, pushes: _p, notifications: _n, ...resource } = o;
      return resource;
    };
    // The pay page posts an (empty) HTML form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    /**
     * Delivers a push or a notification on `schedule` (ms after now) until `done` says so. Each attempt draws its
     * fate from the fault switch: a dropped attempt never goes out (the next one on the schedule still does), a
     * delayed one waits first.
     */
    const deliver = (schedule: number[], send: () => Promise<Response>, done: (res: Response | null) => boolean, counted: () => void) => {
      let finished = false;
      schedule.forEach((at) => {
        later(at, () => {
          if (finished || done(null)) return;
          const fate = faults.notification();
          if (fate.drop) return;
          later(fate.delayMs ?? 0, () => {
            if (finished || done(null)) return;
            counted();
            void send()
              .then(async (res) => {
                await res.arrayBuffer().catch(() => undefined);
                if (done(res)) finished = true;
              })
              .catch(() => undefined);
          });
        });
      });
    };

    /** Kustom pushes until the order is acknowledged, whatever the shop answered (confirm-purchase page). */
    const startPushes = (order: StoredOrder) =>
      deliver(
        pushSchedule(timing.pushDelayMs),
        () => fetch(withId(order.merchant_urls.push, order.order_id), { method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(10_000) }),
        () => order.acknowledged,
        () => (order.pushes += 1),
      );

    /**
     * The fraud decision to merchant_urls.notification: {order_id, event_type}
     * (https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders). The retry policy of notifications
     * is not in the pages found; this stand-in retries like the push until the shop answers 2xx.
     */
    const notify = (order: StoredOrder, eventType: string) => {
      const url = order.merchant_urls.notification;
      if (!url) return;
      let delivered = false;
      deliver(
        pushSchedule(timing.pushDelayMs).map((at) => at - timing.pushDelayMs),
        () =>
          fetch(withId(url, order.order_id), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ order_id: order.order_id, event_type: eventType }),
            signal: AbortSignal.timeout(10_000),
          }),
        (res) => {
          if (res?.ok) delivered = true;
          return delivered;
        },
        () => (order.notifications += 1),
      );
    };

    const checkBody = (body: Partial<StoredOrder> | undefined, creating: boolean): string[] => {
      const errors: string[] = [];
      if (!body || body.purchase_currency !== 'NOK') errors.push('purchase_currency');
      if (creating && (!body?.merchant_urls?.push || !body.merchant_urls.confirmation)) errors.push('merchant_urls');
      errors.push(...klarnaRuleViolations(body ?? {}));
      return errors;
    };

    app.post('/checkout/v3/orders', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const body = request.body as Partial<StoredOrder> | undefined;
      const errors = checkBody(body, true);
      if (errors.length > 0) return error(reply, 400, 'BAD_VALUE', errors);
      const id = randomUUID();
      const order: StoredOrder = {
        order_id: id,
        status: 'checkout_incomplete',
        purchase_currency: 'NOK',
        order_amount: body!.order_amount!,
        order_tax_amount: body!.order_tax_amount!,
        order_lines: body!.order_lines!,
        merchant_reference1: body!.merchant_reference1,
        merchant_reference2: body!.merchant_reference2,
        merchant_urls: body!.merchant_urls!,
        html_snippet: snippet('Klarna', `${options.origin ?? ''}${app.prefix}/pay/${id}`),
        expiresAt: Date.now() + timing.checkoutTtlMs,
        acknowledged: false,
        pushes: 0,
        notifications: 0,
        management: null,
      };
      orders.set(id, order);
      return reply.status(201).send(view(order));
    });

    app.get<{ Params: { id: string } }>('/checkout/v3/orders/:id', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const order = live(request.params.id);
      if (!order) return error(reply, 404, 'NOT_FOUND', ['Order not found']);
      return view(order);
    });

    // Update: only while the shopper has not completed it.
    app.post<{ Params: { id: string } }>('/checkout/v3/orders/:id', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const order = live(request.params.id);
      if (!order) return error(reply, 404, 'NOT_FOUND', ['Order not found']);
      if (order.status !== 'checkout_incomplete') return error(reply, 403, 'READ_ONLY_ORDER', ['Cannot modify a completed order']);
      const body = request.body as Partial<StoredOrder> | undefined;
      const errors = checkBody(body, false);
      if (errors.length > 0) return error(reply, 400, 'BAD_VALUE', errors);
      Object.assign(order, { order_amount: body!.order_amount, order_tax_amount: body!.order_tax_amount, order_lines: body!.order_lines });
      return view(order);
    });

    // ---- order management
    type OrderParams = { Params: { id: string } };
    const managedOrder = (id: string) => {
      const order = orders.get(id);
      if (!order?.management) return null;
      const m = order.management;
      if ((m.status === 'AUTHORIZED' || m.status === 'PART_CAPTURED') && Date.now() >= m.authorizationExpiresAt) m.status = 'EXPIRED';
      return order;
    };
    const remaining = (o: StoredOrder) => {
      const m = o.management!;
      if (m.status !== 'AUTHORIZED' && m.status !== 'PART_CAPTURED') return 0;
      return o.order_amount - m.captured - m.releases.reduce((s, r) => s + r.amount, 0);
    };
    /** https://docs.kustom.co/v3/order-management/manage-orders-with-the-api/view-and-change-orders */
    const omView = (o: StoredOrder) => ({
      order_id: o.order_id,
      status: o.management!.status,
      fraud_status: o.management!.fraud_status,
      purchase_currency: o.purchase_currency,
      order_amount: o.order_amount,
      original_order_amount: o.order_amount,
      captured_amount: o.management!.captured,
      refunded_amount: o.management!.refunded,
      remaining_authorized_amount: remaining(o),
      merchant_reference1: o.merchant_reference1,
      merchant_reference2: o.merchant_reference2,
      expires_at: new Date(o.management!.authorizationExpiresAt).toISOString(),
      captures: o.management!.captures,
      refunds: o.management!.refunds,
      order_lines: o.order_lines,
    });

    /**
     * An order-management call: the fault switch draws first (server error 500, busy 503 — both before any work, in
     * Klarna's error shape: https://docs.klarna.com/payments/after-payments/order-management/manage-orders-with-the-api
     * lists 500 INTERNAL_SERVER_ERROR and 503 TEMPORARILY_UNAVAILABLE), then the work, then a lost answer (the work
     * stands; the connection closes without a word).
     */
    const admin = async (request: FastifyRequest<OrderParams>, reply: FastifyReply, work: (order: StoredOrder) => Answer) => {
      if (!authorized(request, reply)) return reply;
      const drawn = faults.admin();
      if (drawn.serverError) return error(reply, 500, 'INTERNAL_SERVER_ERROR', ['Unexpected server error']);
      if (drawn.busy) return error(reply, 503, 'TEMPORARILY_UNAVAILABLE', ['Temporarily unavailable']);
      const order = managedOrder(request.params.id);
      const answer = order ? work(order) : refuse(404, 'NO_SUCH_ORDER', `Order ${request.params.id} cannot be found`);
      if (drawn.lostAnswer) return loseAnswer(reply);
      return reply.status(answer.status).headers(answer.headers ?? {}).send(answer.body);
    };

    /**
     * Runs an operation once per Klarna-Idempotency-Key: "Input values of the operation are disregarded when
     * evaluating the idempotency of the operation, only the key matters"
     * (https://docs.kustom.co/contents/api/order-management/captures/captureorder.md); a repeat within the window gets
     * the first answer, a refusal included ("Klarna will respond with the initial result", 
     * https://docs.klarna.com/api/escalation-and-retry-policy/). The same key on another order or another operation
     * is answered 409 CONFLICT (the error list names 409 CONFLICT; which case it covers is the stand-in's reading).
     */
    const once = (action: string, request: FastifyRequest<OrderParams>, reply: FastifyReply, run: (order: StoredOrder) => Answer) =>
      admin(request, reply, (order) => {
        const header = request.headers['klarna-idempotency-key'];
        const key = typeof header === 'string' && header ? header : null;
        const now = Date.now();
        const seen = key ? idempotent.get(key) : undefined;
        if (seen && now - seen.at < IDEMPOTENCY_WINDOW_MS) {
          if (seen.orderId !== order.order_id || seen.action !== action) return refuse(409, 'CONFLICT', 'The idempotency key was used for another request');
          return seen.answer;
        }
        const answer = run(order);
        if (key) idempotent.set(key, { orderId: order.order_id, action, at: now, answer });
        return answer;
      });

    /** Order lines of a capture or refund: Klarna's line rules, and they must add up to the amount. */
    const linesProblem = (raw: unknown, amount: number): string | null => {
      if (raw === undefined) return null;
      if (!Array.isArray(raw)) return 'order_lines';
      const lines = raw as Line[];
      const sum = lines.reduce((s, l) => s + Number(l.total_amount), 0);
      const bad = klarnaRuleViolations({ order_lines: lines, order_amount: sum, order_tax_amount: lines.reduce((s, l) => s + Number(l.total_tax_amount), 0) });
      if (bad.length > 0) return `order_lines: ${bad.join(', ')}`;
      return sum === amount ? null : 'order_lines: sum differs from the amount';
    };

    app.get<OrderParams>('/ordermanagement/v1/orders/:id', async (request, reply) =>
      admin(request, reply, (order) => ({ status: 200, body: omView(order) })),
    );

    // https://docs.klarna.com/order-management/manage-orders-with-the-api/view-and-change-orders/acknowledge-your-kco-orders/
    // (204; NO_SUCH_ORDER for an unknown id). Acknowledging stops the pushes.
    app.post<OrderParams>('/ordermanagement/v1/orders/:id/acknowledge', async (request, reply) =>
      admin(request, reply, (order) => {
        order.acknowledged = true;
        return { status: 204, body: '' };
      }),
    );

    // https://docs.kustom.co/contents/order-management/manage-orders-with-the-api/capture-and-track-orders.md:
    // 201 with the capture's id and location; 403 with error_code when the order cannot be captured.
    app.post<OrderParams>('/ordermanagement/v1/orders/:id/captures', async (request, reply) =>
      once('capture', request, reply, (order) => {
        const m = order.management!;
        const body = (request.body ?? {}) as { captured_amount?: unknown; order_lines?: unknown };
        const amount = body.captured_amount;
        if (!Number.isInteger(amount) || (amount as number) <= 0) return refuse(400, 'BAD_VALUE', 'captured_amount');
        if (m.status !== 'AUTHORIZED' && m.status !== 'PART_CAPTURED') return refuse(403, 'CAPTURE_NOT_ALLOWED', `Order is ${m.status}`);
        // The pending-orders page asks the merchant not to ship while fraud_status is PENDING and not at all once
        // REJECTED; what the API answers to a capture then is not documented in the pages found — this stand-in
        // refuses it, as the safe reading.
        if (m.fraud_status !== 'ACCEPTED') return refuse(403, 'CAPTURE_NOT_ALLOWED', `Order fraud_status is ${m.fraud_status}`);
        if ((amount as number) > remaining(order)) return refuse(403, 'CAPTURE_NOT_ALLOWED', 'Captured amount is higher than the remaining authorized amount');
        const problem = linesProblem(body.order_lines, amount as number);
        if (problem) return refuse(400, 'BAD_VALUE', problem);
        const capture_id = randomUUID();
        m.captured += amount as number;
        m.captures.push({ capture_id, captured_amount: amount as number, captured_at: new Date().toISOString(), refunded_amount: 0, order_lines: (body.order_lines as Line[] | undefined) ?? [] });
        m.history.push({ id: capture_id, kind: 'capture', amount: amount as number });
        m.status = m.captured === order.order_amount ? 'CAPTURED' : 'PART_CAPTURED';
        return { status: 201, body: '', headers: { 'capture-id': capture_id, location: `${app.prefix}/ordermanagement/v1/orders/${order.order_id}/captures/${capture_id}` } };
      }),
    );

    // https://docs.kustom.co/contents/api/order-management/refunds/refundorder: refunded_amount in minor units, never
    // more than captured and not yet refunded. A fully refunded order is Closed (help.kustom.co order-status page).
    app.post<OrderParams>('/ordermanagement/v1/orders/:id/refunds', async (request, reply) =>
      once('refund', request, reply, (order) => {
        const m = order.management!;
        const body = (request.body ?? {}) as { refunded_amount?: unknown; order_lines?: unknown };
        const amount = body.refunded_amount;
        if (!Number.isInteger(amount) || (amount as number) <= 0) return refuse(400, 'BAD_VALUE', 'refunded_amount');
        if ((amount as number) > m.captured - m.refunded) return refuse(403, 'REFUND_NOT_ALLOWED', 'Refunded amount is higher than the captured amount');
        const problem = linesProblem(body.order_lines, amount as number);
        if (problem) return refuse(400, 'BAD_VALUE', problem);
        const refund_id = randomUUID();
        m.refunded += amount as number;
        m.refunds.push({ refund_id, refunded_amount: amount as number, refunded_at: new Date().toISOString(), order_lines: (body.order_lines as Line[] | undefined) ?? [] });
        m.history.push({ id: refund_id, kind: 'refund', amount: amount as number });
        if (m.status === 'CAPTURED' && m.refunded === m.captured) m.status = 'CLOSED';
        return { status: 201, body: '', headers: { 'refund-id': refund_id, location: `${app.prefix}/ordermanagement/v1/orders/${order.order_id}/refunds/${refund_id}` } };
      }),
    );

    // Cancel: only an order with nothing captured (help.kustom.co order-status: Authorized → Cancel).
    app.post<OrderParams>('/ordermanagement/v1/orders/:id/cancel', async (request, reply) =>
      once('cancel', request, reply, (order) => {
        const m = order.management!;
        if (m.status === 'CANCELLED') return { status: 204, body: '' };
        if (m.captured > 0 || (m.status !== 'AUTHORIZED' && m.status !== 'EXPIRED')) return refuse(403, 'NOT_ALLOWED', 'Cannot cancel a captured order');
        const cancelled = { id: randomUUID(), amount: remaining(order), cancelled: true };
        m.releases.push(cancelled);
        m.history.push({ id: cancelled.id, kind: 'cancel', amount: cancelled.amount });
        m.status = 'CANCELLED';
        return { status: 204, body: '' };
      }),
    );

    // Klarna: "no further captures will be made": only on a part-captured order; the rest of the authorisation is
    // given back and the order counts as captured.
    app.post<OrderParams>('/ordermanagement/v1/orders/:id/release-remaining-authorization', async (request, reply) =>
      once('release', request, reply, (order) => {
        const m = order.management!;
        if (m.status !== 'PART_CAPTURED' || m.captured >= order.order_amount) return refuse(403, 'NOT_ALLOWED', `Cannot release the remaining authorization of an order that is ${m.status}`);
        const released = { id: randomUUID(), amount: remaining(order), cancelled: false };
        m.releases.push(released);
        m.history.push({ id: released.id, kind: 'cancel', amount: released.amount });
        m.status = 'CAPTURED';
        return { status: 204, body: '' };
      }),
    );

    app.post<OrderParams>('/ordermanagement/v1/orders/:id/extend-authorization-time', async (request, reply) =>
      once('extend', request, reply, (order) => {
        const m = order.management!;
        if (m.status !== 'AUTHORIZED' && m.status !== 'PART_CAPTURED') return refuse(403, 'NOT_ALLOWED', `Order is ${m.status}`);
        m.authorizationExpiresAt = Date.now() + AUTHORIZATION_MS;
        return { status: 204, body: '' };
      }),
    );

    // ---- test controls (the fault suite and the payments tests; see the header)
    app.post('/_control/fraud', async (request) => {
      const body = (request.body ?? {}) as { status?: unknown; times?: unknown };
      const status = FRAUD_STATUSES.find((s) => s === body.status);
      fraudPlan = status ? { status, times: Math.max(1, Math.min(1000, Number(body.times) || 1)) } : null;
      return { fraud: fraudPlan };
    });

    app.post<OrderParams>('/_control/orders/:id/fraud', async (request, reply) => {
      const order = managedOrder(request.params.id);
      if (!order) return error(reply, 404, 'NO_SUCH_ORDER', ['Order not found']);
      const decision = (request.body as { decision?: unknown } | undefined)?.decision;
      if (typeof decision !== 'string' || !(decision in FRAUD_DECISIONS)) return error(reply, 400, 'BAD_VALUE', ['decision: ACCEPTED | REJECTED | STOPPED']);
      order.management!.fraud_status = FRAUD_DECISIONS[decision as FraudDecision];
      const eventType = `FRAUD_RISK_${decision}`;
      notify(order, eventType);
      return { order_id: order.order_id, fraud_status: order.management!.fraud_status, event_type: eventType };
    });

    app.get<OrderParams>('/_control/orders/:id/ledger', async (request, reply) => {
      const order = managedOrder(request.params.id);
      if (!order) return error(reply, 404, 'NO_SUCH_ORDER', ['Order not found']);
      return ledgerOf(order);
    });

    app.get<OrderParams>('/_control/orders/:id/pushes', async (request, reply) => {
      const order = orders.get(request.params.id);
      if (!order) return error(reply, 404, 'NOT_FOUND', ['Order not found']);
      return { pushes: order.pushes, notifications: order.notifications, acknowledged: order.acknowledged };
    });

    // ---- the provider's own pages
    app.post<OrderParams>('/_control/orders/:id/expire', async (request, reply) => {
      const order = orders.get(request.params.id);
      if (!order) return error(reply, 404, 'NOT_FOUND', ['Order not found']);
      order.expiresAt = Date.now();
      return { expired: true };
    });

    app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = live(request.params.id);
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren, eller den er utløpt.</p>');
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          provider: 'Klarna',
          orderId: order.order_id,
          lines: order.order_lines.map((l) => ({ name: l.name ?? '', quantity: l.quantity, totalOre: l.total_amount })),
          totalOre: order.order_amount,
          paid: order.status !== 'checkout_incomplete',
          action: `${app.prefix}/pay/${order.order_id}`,
        }),
      );
    });

    app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = live(request.params.id);
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren, eller den er utløpt.</p>');
      if (order.status === 'checkout_incomplete') {
        const verdict = await validate(order);
        if (verdict !== 'accept') return reply.redirect(verdict.location, 303);
        order.status = 'checkout_complete';
        let fraud: FraudStatus = 'ACCEPTED';
        if (fraudPlan) {
          fraud = fraudPlan.status;
          fraudPlan.times -= 1;
          if (fraudPlan.times <= 0) fraudPlan = null;
        }
        order.management = {
          status: 'AUTHORIZED',
          fraud_status: fraud,
          captured: 0,
          refunded: 0,
          captures: [],
          refunds: [],
          releases: [],
          history: [],
          authorizationExpiresAt: Date.now() + AUTHORIZATION_MS,
        };
        startPushes(order);
      }
      return reply.redirect(withId(order.merchant_urls.confirmation, order.order_id), 303);
    });

    /**
     * merchant_urls.validation, as Kustom documents it: 200 approves; 303 denies and sends the shopper to Location;
     * no answer within 3 s approves (require_validate_callback_success is false by default) — which is why a
     * completion can still reach the shop for a reservation it would have refused. Any other answer denies.
     */
    async function validate(order: StoredOrder): Promise<'accept' | { location: string }> {
      const fallback = { location: withId(order.merchant_urls.checkout ?? order.merchant_urls.confirmation, order.order_id) };
      if (!order.merchant_urls.validation) return 'accept';
      let res: Response;
      try {
        res = await fetch(withId(order.merchant_urls.validation, order.order_id), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(view(order)),
          redirect: 'manual',
          signal: AbortSignal.timeout(3_000),
        });
        await res.arrayBuffer();
      } catch {
        return 'accept';
      }
      if (res.status === 200) return 'accept';
      if (res.status === 303 && res.headers.get('location')) return { location: res.headers.get('location')! };
      return fallback;
    }
  };
}
