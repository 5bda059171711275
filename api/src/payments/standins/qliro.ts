/**
 * Local stand-in for the Qliro One merchant and admin API (in memory). It behaves like the real service where the
 * shop's correctness depends on it:
 * - the Qliro auth token and the merchant key are checked; MerchantReference must be unique (ORDER_ALREADY_EXISTS);
 *   VatRate is a percentage (PricePerItemExVat × (1 + VatRate/100) = PricePerItemIncVat);
 * - GetOrder answers `OrderItems: []` and `TotalPrice: 0` while the order is InProcess (as Qliro does);
 * - "Betal" first asks MerchantOrderValidationUrl (200 approves, another status declines, no answer in 5 s approves),
 *   then completes and pushes
 *   the status (expects {"CallbackResponse":"received"} within the push timeout; retried otherwise);
 * - admin API: markItemsAsShipped (never more than was bought), cancelOrder (cancels what is not shipped: the whole
 *   order, or the rest of a partly shipped one; then nothing more can be shipped),
 *   returnItems (never more than was shipped), each idempotent by RequestId;
 * - errors as {ErrorCode, ErrorMessage, DetailedErrorMessage, ErrorReference}.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { QliroOrderItem } from '../money.js';
import { qliroToken, type QliroOrderResource, type QliroPaymentTransaction } from '../qliro.js';
import { failureSwitch, pushWithRetries, standInTiming, type StandInOptions } from './control.js';
import { checkoutPage, escapeHtml, snippet } from './page.js';

interface StoredOrder extends QliroOrderResource {
  OrderItems: QliroOrderItem[];
  MerchantConfirmationUrl: string;
  MerchantCheckoutStatusPushUrl: string;
  MerchantOrderValidationUrl: string | null;
  shipped: Map<string, number>;
  returned: Map<string, number>;
  transactions: QliroPaymentTransaction[];
  cancelled: boolean;
}

/** How long Qliro waits for the shop's push answer. */
const PUSH_TIMEOUT_MS = 5000;
const REFERENCE = /^[A-Za-z0-9_-]{1,25}$/;
const ore = (kr: number) => Math.round(kr * 100);

export function qliroStandIn(credentials: { apiKey: string; apiSecret: string }, options: StandInOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const timing = standInTiming();
    const orders = new Map<number, StoredOrder>();
    const references = new Set<string>();
    const requests = new Map<string, { action: string; status: number; body: unknown }>();
    let nextId = 1000;
    let nextTransaction = 5000;
    const fail = (reply: FastifyReply, status: number, code: string, message: string, detail = message) =>
      reply.status(status).send({ ErrorCode: code, ErrorMessage: message, DetailedErrorMessage: detail, ErrorReference: randomUUID() });
    const failures = failureSwitch(app);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    // Keep the raw JSON: Qliro's token is a hash over the exact body text.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, { raw: body as string, json: body ? JSON.parse(body as string) : {} });
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    const bodyOf = (request: FastifyRequest) => (request.body ?? { raw: '', json: {} }) as { raw: string; json: Record<string, unknown> };
    const authorized = (request: FastifyRequest, reply: FastifyReply, raw: string) => {
      if (failures.failed(reply, (code, ErrorReference) => ({ ErrorCode: code, ErrorMessage: 'Stand-in failure', DetailedErrorMessage: 'Stand-in failure', ErrorReference }))) return false;
      if (request.headers.authorization === `Qliro ${qliroToken(raw, credentials.apiSecret)}`) return true;
      void fail(reply, 401, 'UNAUTHORIZED', 'Invalid authorization token');
      return false;
    };
    const itemErrors = (items: unknown): string[] => {
      if (!Array.isArray(items) || items.length === 0) return ['OrderItems'];
      const errors: string[] = [];
      (items as QliroOrderItem[]).forEach((i, n) => {
        if (typeof i.VatRate !== 'number' || i.VatRate < 0 || i.VatRate > 100) errors.push(`OrderItems[${n}].VatRate`);
        else if (Math.abs(i.PricePerItemExVat * (1 + i.VatRate / 100) - i.PricePerItemIncVat) > 0.02) errors.push(`OrderItems[${n}].PricePerItemExVat`);
        if (!Number.isInteger(i.Quantity) || i.Quantity < 1) errors.push(`OrderItems[${n}].Quantity`);
      });
      return errors;
    };
    const total = (items: QliroOrderItem[]) => items.reduce((s, i) => s + ore(i.PricePerItemIncVat) * i.Quantity, 0) / 100;

    app.post('/checkout/merchantapi/orders', async (request, reply) => {
      const { raw, json } = bodyOf(request);
      if (!authorized(request, reply, raw)) return reply;
      const errors: string[] = [];
      if (json.MerchantApiKey !== credentials.apiKey) errors.push('MerchantApiKey');
      if (json.Currency !== 'NOK') errors.push('Currency');
      if (typeof json.MerchantCheckoutStatusPushUrl !== 'string' || typeof json.MerchantConfirmationUrl !== 'string') errors.push('Urls');
      if (typeof json.MerchantReference !== 'string' || !REFERENCE.test(json.MerchantReference)) errors.push('MerchantReference');
      errors.push(...itemErrors(json.OrderItems));
      if (errors.length > 0) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation failed', errors.join(', '));
      const reference = json.MerchantReference as string;
      if (references.has(reference)) return fail(reply, 400, 'ORDER_ALREADY_EXISTS', 'Order already exists', `An order with MerchantReference ${reference} already exists`);
      references.add(reference);
      const id = nextId++;
      const items = json.OrderItems as QliroOrderItem[];
      orders.set(id, {
        OrderId: id,
        MerchantReference: reference,
        Currency: 'NOK',
        TotalPrice: total(items),
        OrderHtmlSnippet: snippet('Qliro', `${options.origin ?? ''}${app.prefix}/pay/${id}`),
        CustomerCheckoutStatus: 'InProcess',
        OrderItems: items,
        MerchantConfirmationUrl: json.MerchantConfirmationUrl as string,
        MerchantCheckoutStatusPushUrl: json.MerchantCheckoutStatusPushUrl as string,
        MerchantOrderValidationUrl: typeof json.MerchantOrderValidationUrl === 'string' ? json.MerchantOrderValidationUrl : null,
        shipped: new Map(),
        returned: new Map(),
        transactions: [],
        cancelled: false,
      });
      return reply.status(201).send({ OrderId: id });
    });

    /** What GetOrder answers: like Qliro, no items and no total while the shopper is still in the checkout. */
    const resource = (o: StoredOrder): QliroOrderResource => ({
      OrderId: o.OrderId,
      MerchantReference: o.MerchantReference,
      Currency: o.Currency,
      TotalPrice: o.CustomerCheckoutStatus === 'InProcess' ? 0 : o.TotalPrice,
      OrderHtmlSnippet: o.OrderHtmlSnippet,
      CustomerCheckoutStatus: o.CustomerCheckoutStatus,
      OrderItems: o.CustomerCheckoutStatus === 'InProcess' ? [] : o.CustomerCheckoutStatus === 'Refused' ? null : o.OrderItems,
    });

    app.get<{ Params: { id: string } }>('/checkout/merchantapi/orders/:id', async (request, reply) => {
      if (!authorized(request, reply, '')) return reply;
      const order = orders.get(Number(request.params.id));
      if (!order) return fail(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
      return resource(order);
    });

    app.put<{ Params: { id: string } }>('/checkout/merchantapi/orders/:id', async (request, reply) => {
      const { raw, json } = bodyOf(request);
      if (!authorized(request, reply, raw)) return reply;
      const order = orders.get(Number(request.params.id));
      if (!order) return fail(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
      if (order.CustomerCheckoutStatus !== 'InProcess') return fail(reply, 400, 'ORDER_NOT_UPDATABLE', 'Order can not be updated', `Order is ${order.CustomerCheckoutStatus}`);
      const errors = itemErrors(json.OrderItems);
      if (errors.length > 0) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation failed', errors.join(', '));
      order.OrderItems = json.OrderItems as QliroOrderItem[];
      order.TotalPrice = total(order.OrderItems);
      return {};
    });

    // ---- admin API
    const admin = (
      action: string,
      run: (order: StoredOrder, json: Record<string, unknown>) => { status: number; body: unknown },
    ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { raw, json } = bodyOf(request);
        if (!authorized(request, reply, raw)) return reply;
        if (json.MerchantApiKey !== credentials.apiKey) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation failed', 'MerchantApiKey');
        if (typeof json.RequestId !== 'string' || !json.RequestId) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation failed', 'RequestId');
        const seen = requests.get(json.RequestId);
        if (seen) {
          if (seen.action !== action) return fail(reply, 400, 'DUPLICATE_REQUEST_ID', 'RequestId already used for another request');
          return reply.status(seen.status).send(seen.body);
        }
        const order = orders.get(Number(json.OrderId));
        if (!order) return fail(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
        if (order.CustomerCheckoutStatus !== 'Completed') return fail(reply, 400, 'ORDER_NOT_COMPLETED', 'Order is not completed');
        const answer = run(order, json);
        if (answer.status < 300) requests.set(json.RequestId, { action, ...answer });
        return reply.status(answer.status).send(answer.body);
      };
    const refuse = (code: string, message: string) => ({ status: 400, body: { ErrorCode: code, ErrorMessage: message, DetailedErrorMessage: message, ErrorReference: randomUUID() } });
    const bought = (o: StoredOrder, ref: string) => o.OrderItems.filter((i) => i.MerchantReference === ref).reduce((s, i) => s + i.Quantity, 0);
    const transaction = (o: StoredOrder, Type: string, items: QliroOrderItem[]) => {
      const t = { PaymentTransactionId: nextTransaction++, Type, Status: 'Success', Amount: total(items) };
      o.transactions.push(t);
      return { status: 200, body: { PaymentTransactions: [{ PaymentTransactionId: t.PaymentTransactionId, Status: t.Status }] } };
    };

    app.post('/checkout/adminapi/v2/markItemsAsShipped', admin('ship', (order, json) => {
      if (order.cancelled) return refuse('ORDER_CANCELLED', 'Order is cancelled');
      const items = json.OrderItems as QliroOrderItem[];
      if (!Array.isArray(items) || items.length === 0) return refuse('VALIDATION_ERROR', 'OrderItems');
      for (const i of items) {
        if ((order.shipped.get(i.MerchantReference) ?? 0) + i.Quantity > bought(order, i.MerchantReference)) return refuse('QUANTITY_EXCEEDED', `More ${i.MerchantReference} than bought`);
      }
      for (const i of items) order.shipped.set(i.MerchantReference, (order.shipped.get(i.MerchantReference) ?? 0) + i.Quantity);
      return transaction(order, 'Capture', items);
    }));

    // Qliro One cancels what is still reserved and not shipped: all of it, or the rest of a partly shipped order.
    app.post('/checkout/adminapi/v2/cancelOrder', admin('cancel', (order) => {
      if (order.cancelled) return { status: 200, body: { PaymentTransactions: [] } }; // nothing left to cancel
      const unshipped = order.OrderItems.map((i) => ({ ...i, Quantity: bought(order, i.MerchantReference) - (order.shipped.get(i.MerchantReference) ?? 0) }))
        .filter((i, n, all) => i.Quantity > 0 && all.findIndex((j) => j.MerchantReference === i.MerchantReference) === n);
      if (unshipped.length === 0) return refuse('ORDER_FULLY_SHIPPED', 'Every item is shipped: nothing to cancel');
      order.cancelled = true;
      return transaction(order, 'Reversal', unshipped);
    }));

    app.post('/checkout/adminapi/v2/returnItems', admin('return', (order, json) => {
      const returns = json.Returns as Array<{ PaymentTransactionId: number | null; OrderItems: QliroOrderItem[] }> | undefined;
      const items = Array.isArray(returns) ? returns.flatMap((r) => r.OrderItems ?? []) : [];
      if (items.length === 0) return refuse('VALIDATION_ERROR', 'Returns');
      if (returns!.some((r) => !order.transactions.some((t) => t.PaymentTransactionId === r.PaymentTransactionId && t.Type === 'Capture'))) {
        return refuse('VALIDATION_ERROR', 'PaymentTransactionId must name a capture');
      }
      for (const i of items) {
        if ((order.returned.get(i.MerchantReference) ?? 0) + i.Quantity > (order.shipped.get(i.MerchantReference) ?? 0)) return refuse('QUANTITY_EXCEEDED', `More ${i.MerchantReference} than shipped`);
      }
      for (const i of items) order.returned.set(i.MerchantReference, (order.returned.get(i.MerchantReference) ?? 0) + i.Quantity);
      return transaction(order, 'Refund', items);
    }));

    app.get<{ Params: { id: string } }>('/checkout/adminapi/v2/orders/:id', async (request, reply) => {
      if (!authorized(request, reply, '')) return reply;
      const order = orders.get(Number(request.params.id));
      if (!order) return fail(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
      return { OrderId: order.OrderId, MerchantReference: order.MerchantReference, PaymentTransactions: order.transactions, Cancelled: order.cancelled };
    });

    // ---- the provider's own pages
    app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = orders.get(Number(request.params.id));
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren.</p>');
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          provider: 'Qliro',
          orderId: String(order.OrderId),
          lines: order.OrderItems.map((i) => ({ name: i.Description, quantity: i.Quantity, totalOre: ore(i.PricePerItemIncVat) * i.Quantity })),
          totalOre: ore(order.TotalPrice),
          paid: order.CustomerCheckoutStatus !== 'InProcess',
          action: `${app.prefix}/pay/${order.OrderId}`,
        }),
      );
    });

    app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = orders.get(Number(request.params.id));
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren.</p>');
      if (order.CustomerCheckoutStatus === 'InProcess') {
        const verdict = await validate(order);
        if (verdict !== true) {
          // Qliro shows the shop's DeclineReasonMessage in its checkout.
          return reply
            .status(409)
            .type('text/html; charset=utf-8')
            .send(`<p role="alert">${escapeHtml(verdict ?? 'Butikken kunne ikke godta kjøpet.')} Ingen penger er trukket.</p>`);
        }
        order.CustomerCheckoutStatus = 'Completed';
        const body = JSON.stringify({ OrderId: order.OrderId, MerchantReference: order.MerchantReference, Status: 'Completed', Timestamp: new Date().toISOString() });
        pushWithRetries(
          () => fetch(order.MerchantCheckoutStatusPushUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) }),
          (res, text) => res.ok && text.includes('"received"'),
          Math.min(timing.pushDelayMs, 200),
          timing.pushAttempts,
        );
      }
      return reply.redirect(order.MerchantConfirmationUrl, 303);
    });

    /**
     * MerchantOrderValidationUrl, as Qliro documents it: 200 approves, another status declines, and no answer within
     * 5 s approves (Qliro's default) — so a completion can still reach the shop for a reservation it would refuse.
     */
    /** true: approved; otherwise declined, with the shop's DeclineReasonMessage when it gave one. */
    async function validate(order: StoredOrder): Promise<true | string | null> {
      if (!order.MerchantOrderValidationUrl) return true;
      let res: Response;
      let text = '';
      try {
        res = await fetch(order.MerchantOrderValidationUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ OrderId: order.OrderId, MerchantReference: order.MerchantReference, Currency: order.Currency, OrderItems: order.OrderItems }),
          signal: AbortSignal.timeout(5_000),
        });
        text = await res.text();
      } catch {
        return true;
      }
      if (res.status === 200) return true;
      try {
        const message = (JSON.parse(text) as { DeclineReasonMessage?: unknown }).DeclineReasonMessage;
        return typeof message === 'string' && message.length <= 150 ? message : null;
      } catch {
        return null;
      }
    }
  };
}
