/**
 * Local stand-in for the Qliro One merchant and admin API (in memory). It behaves like the real service where the
 * shop's money depends on it, from Qliro's documentation (the OpenAPI reference behind developers.qliro.com/api-reference
 * and the guides); each behaviour names its page beside the code:
 * - Authorization: `Qliro base64(sha256(body + MerchantApiSecret))`, an empty body for GET; else 401.
 *   https://developers.qliro.com/qliro-checkout/get-started/authorization
 * - Merchant API (unchanged): create / update / get order; MerchantReference unique (ORDER_ALREADY_EXISTS); VatRate a
 *   percentage; GetOrder answers `OrderItems: []` and `TotalPrice: 0` while InProcess; the pay page asks
 *   MerchantOrderValidationUrl (200 approves, another status declines, no answer in 5 s approves), then completes and
 *   pushes the checkout status until answered {"CallbackResponse":"received"}.
 *   https://developers.qliro.com/api-reference/merchant/orders/create-order
 *   https://developers.qliro.com/qliro-checkout/get-started/notifications-checkout
 * - Admin API errors: {ErrorCode, ErrorMessage, DetailedErrorMessage, ErrorReference}; the codes of the table in
 *   https://developers.qliro.com/qliro-checkout/get-started/checkout-basics (INVALID_ITEM, EXCEEDING_QUANTITY,
 *   INVALID_REQUEST_TOTAL_AMOUNT, ORDER_NOT_FOUND, MERCHANT_MISMATCH, NO_PAYMENT_TRANSACTION, OPERATION_NOT_SUPPORTED,
 *   CURRENCY_MISMATCH, INVALID_REQUEST, NO_ITEMS_TO_CANCEL).
 * - Paths are case-insensitive (the docs themselves write MarkItemsAsShipped / cancelOrder / ReturnItems in the API
 *   reference and markitemsasshipped / cancelorder / returnitems in the guides).
 *   https://developers.qliro.com/api-reference
 *   https://developers.qliro.com/qliro-checkout/order-management/before-delivery
 * - MarkItemsAsShipped: `Currency` and `Shipments: [{PaymentTransactionId?, OrderItems}]` required; properties outside
 *   the request schema (a top-level `OrderItems`) are refused; an item is known by MerchantReference +
 *   PricePerItemIncVat (INVALID_ITEM); never more than bought (EXCEEDING_QUANTITY); nothing after a cancel.
 *   https://developers.qliro.com/api-reference/admin/orders/mark-items-as-shipped
 * - ReturnItems: `Returns: [{PaymentTransactionId, OrderItems}]`; each return names a processed capture and returns
 *   only what THAT capture shipped, less what was already returned from it.
 *   https://developers.qliro.com/api-reference/admin/orders/return-with-items
 * - CancelOrder: cancels what is reserved and not shipped (the whole order, or the rest of a partly shipped one); with
 *   nothing left, NO_ITEMS_TO_CANCEL.
 *   https://developers.qliro.com/api-reference/admin/orders/cancel-order
 * - RequestId: a GUID kept 7 days; every request that reuses one is denied (never answered like the first).
 *   (mark-items-as-shipped / return-with-items / cancel-order pages, field RequestId)
 * - Admin calls only say "received": 200 {PaymentTransactions: [{PaymentTransactionId, Status: "Created"}]}; the
 *   result arrives later as an order-management notification POSTed to the order's
 *   MerchantOrderManagementStatusPushUrl, retried until answered {"CallbackResponse":"received"}.
 *   https://developers.qliro.com/qliro-checkout/order-management/notifications-adminapi
 * - While a transaction of the order is not processed, any other admin call gets 400 OPERATION_NOT_SUPPORTED
 *   "Evaluation, Operation is not supported for this order Another transaction is already in process. Please retry
 *   shortly" (checkout-basics error table).
 * - Admin GetOrder `GET /checkout/adminapi/v2/orders/{id}`: OrderId, MerchantReference, Currency, Country,
 *   OrderItemActions (ActionType Reserve/Ship/Return/Release, PaymentTransactionId) and PaymentTransactions
 *   (PaymentTransactionId, OriginalPaymentTransactionId, Type, Amount in decimal kroner, Currency, Status, Timestamp…).
 *   https://developers.qliro.com/api-reference/admin/orders/orders
 *   https://developers.qliro.com/qliro-checkout/order-management/get-payment-transaction-1 (Status and Type values)
 * - Test control (never Qliro's): POST _control/fail, POST _control/faults (control.ts), GET _control/orders/:id/ledger,
 *   POST _control/orders/:id/process (process the order's received requests now), GET _control/orders/:id/pushes
 *   ({pushes, received}: the checkout status push's attempts so far, and whether the shop answered "received").
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { failureSwitch, faultSwitch, loseAnswer, pushWithRetries, standInTiming, type StandInOptions } from './control.js';
import { checkoutPage, escapeHtml, snippet } from './page.js';

/** An order item as the merchant API takes it (create / update order). */
interface OrderItem {
  MerchantReference: string;
  Description: string;
  Type: string;
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate?: number;
}

/** An item of an admin request (MarkItemsAsShipped / ReturnItems): MerchantReference + PricePerItemIncVat name it. */
interface RequestItem {
  MerchantReference: string;
  Type: string;
  Quantity: number;
  PricePerItemIncVat: number;
}

type TransactionType = 'Preauthorization' | 'Capture' | 'Reversal' | 'Refund';
/** https://developers.qliro.com/qliro-checkout/order-management/get-payment-transaction-1 */
type TransactionStatus = 'Created' | 'InProcess' | 'Success' | 'Error';

interface Transaction {
  PaymentTransactionId: number;
  Type: TransactionType;
  Status: TransactionStatus;
  /** Decimal kroner, as Qliro reports amounts. */
  Amount: number;
  Timestamp: string;
  /** A refund's capture; a capture's or reversal's preauthorization. */
  OriginalPaymentTransactionId: number | null;
  items: RequestItem[];
  /** errorResultRate drew this one: it ends in Error and nothing is done. */
  failsWith: string | null;
  ErrorCode: string | null;
}

interface ItemAction {
  Id: number;
  MerchantReference: string;
  Description: string;
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  ActionType: 'Reserve' | 'Ship' | 'Return' | 'Release';
  PaymentTransactionId: number;
  Type: string;
}

interface StoredOrder {
  OrderId: number;
  MerchantReference: string;
  Currency: string;
  TotalPrice: number;
  OrderHtmlSnippet: string;
  CustomerCheckoutStatus: 'InProcess' | 'Completed' | 'OnHold' | 'Refused';
  OrderItems: OrderItem[];
  MerchantConfirmationUrl: string;
  MerchantCheckoutStatusPushUrl: string;
  MerchantOrderValidationUrl: string | null;
  MerchantOrderManagementStatusPushUrl: string | null;
  transactions: Transaction[];
  actions: ItemAction[];
  /** The checkout status push after completion (GET _control/orders/:id/pushes): attempts so far, and whether the shop answered "received". */
  checkoutPush: { pushes: number; received: boolean };
}

/** How long Qliro waits for the shop's push answer. */
const PUSH_TIMEOUT_MS = 5000;
const REFERENCE = /^[A-Za-z0-9_-]{1,25}$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** checkout-basics error table: the one OPERATION_NOT_SUPPORTED message that means "retry shortly". */
const BUSY_MESSAGE = 'Evaluation, Operation is not supported for this order Another transaction is already in process. Please retry shortly';
const ITEM_TYPES = new Set(['Product', 'Discount', 'Fee', 'Shipping']);
const ore = (kr: number) => Math.round(kr * 100);
const kroner = (o: number) => o / 100;
/** Qliro names an order item by MerchantReference + PricePerItemIncVat (mark-items-as-shipped, OrderItems). */
const keyOf = (i: { MerchantReference: string; PricePerItemIncVat: number }) => `${i.MerchantReference}\u0000${ore(i.PricePerItemIncVat)}`;
const sumOre = (items: Array<{ PricePerItemIncVat: number; Quantity: number }>) => items.reduce((s, i) => s + ore(i.PricePerItemIncVat) * i.Quantity, 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Refusal {
  status: number;
  ErrorCode: string;
  ErrorMessage: string;
  DetailedErrorMessage: string;
}
const refusal = (ErrorCode: string, ErrorMessage: string, DetailedErrorMessage = ErrorMessage, status = 400): Refusal => ({ status, ErrorCode, ErrorMessage, DetailedErrorMessage });

/**
 * The admin operations and the top-level properties their request schemas allow (additionalProperties: false in the
 * reference; RequestBase = RequestId + MerchantApiKey, OrderRequestBase adds OrderId, RequestBaseWithCurrency adds
 * Currency). Keys are lower case: Qliro's paths are case-insensitive.
 */
const OPERATIONS = {
  markitemsasshipped: { name: 'MarkItemsAsShipped', properties: ['RequestId', 'MerchantApiKey', 'OrderId', 'Currency', 'Shipments'] },
  returnitems: { name: 'ReturnItems', properties: ['RequestId', 'MerchantApiKey', 'OrderId', 'Currency', 'Returns'] },
  cancelorder: { name: 'CancelOrder', properties: ['RequestId', 'MerchantApiKey', 'OrderId'] },
} as const;
type Operation = keyof typeof OPERATIONS;

export function qliroStandIn(credentials: { apiKey: string; apiSecret: string }, options: StandInOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const timing = standInTiming();
    // Qliro processes an admin request a moment after it said "received"; short here so that tests stay fast.
    const processingMs = Number(process.env.PAYMENT_STAND_IN_QLIRO_PROCESSING_MS ?? 100) || 0;
    const orders = new Map<number, StoredOrder>();
    const references = new Set<string>();
    /** RequestId → when it was first seen; Qliro keeps a RequestId 7 days and denies any request that reuses it. */
    const requestIds = new Map<string, number>();
    const REQUEST_ID_TTL_MS = 7 * 24 * 60 * 60 * 1000;
    let nextId = 1000;
    let nextTransaction = 5000;
    let nextAction = 1;
    const timers = new Set<NodeJS.Timeout>();
    /** Admin requests received and not yet processed (POST _control/orders/:id/process runs an order's now). */
    const processing = new Map<() => void, number>();
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timer.unref();
      timers.add(timer);
    };
    app.addHook('onClose', async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    });

    const send = (reply: FastifyReply, r: Refusal) =>
      reply.status(r.status).send({ ErrorCode: r.ErrorCode, ErrorMessage: r.ErrorMessage, DetailedErrorMessage: r.DetailedErrorMessage, ErrorReference: randomUUID() });
    const fail = (reply: FastifyReply, status: number, code: string, message: string, detail = message) => send(reply, refusal(code, message, detail, status));
    const failures = failureSwitch(app);
    const faults = faultSwitch(app);
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

    /**
     * https://developers.qliro.com/qliro-checkout/get-started/authorization: the JsonPayload with MerchantAPISecret
     * appended, SHA-256, base64; an empty string for the payload when there is none; header `Authorization: Qliro <token>`.
     */
    const expectedToken = (raw: string) => createHash('sha256').update(raw + credentials.apiSecret, 'utf8').digest('base64');
    const authorized = (request: FastifyRequest, reply: FastifyReply, raw: string) => {
      if (failures.failed(reply, (code, ErrorReference) => ({ ErrorCode: code, ErrorMessage: 'Stand-in failure', DetailedErrorMessage: 'Stand-in failure', ErrorReference }))) return false;
      const given = Buffer.from(request.headers.authorization ?? '');
      const wanted = Buffer.from(`Qliro ${expectedToken(raw)}`);
      if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
      void fail(reply, 401, 'UNAUTHORIZED', 'Invalid authorization token');
      return false;
    };
    const itemErrors = (items: unknown): string[] => {
      if (!Array.isArray(items) || items.length === 0) return ['OrderItems'];
      const errors: string[] = [];
      (items as OrderItem[]).forEach((i, n) => {
        if (typeof i.VatRate !== 'number' || i.VatRate < 0 || i.VatRate > 100) errors.push(`OrderItems[${n}].VatRate`);
        else if (Math.abs(i.PricePerItemExVat * (1 + i.VatRate / 100) - i.PricePerItemIncVat) > 0.02) errors.push(`OrderItems[${n}].PricePerItemExVat`);
        if (!Number.isInteger(i.Quantity) || i.Quantity < 1) errors.push(`OrderItems[${n}].Quantity`);
      });
      return errors;
    };
    const total = (items: OrderItem[]) => sumOre(items) / 100;

    // ---- merchant API
    app.post('/checkout/merchantapi/orders', async (request, reply) => {
      const { raw, json } = bodyOf(request);
      if (!authorized(request, reply, raw)) return reply;
      const errors: string[] = [];
      if (json.MerchantApiKey !== credentials.apiKey) errors.push('MerchantApiKey');
      if (json.Currency !== 'NOK') errors.push('Currency');
      if (typeof json.MerchantCheckoutStatusPushUrl !== 'string' || typeof json.MerchantConfirmationUrl !== 'string') errors.push('Urls');
      if (json.MerchantOrderManagementStatusPushUrl !== undefined && json.MerchantOrderManagementStatusPushUrl !== null && typeof json.MerchantOrderManagementStatusPushUrl !== 'string') {
        errors.push('MerchantOrderManagementStatusPushUrl');
      }
      if (typeof json.MerchantReference !== 'string' || !REFERENCE.test(json.MerchantReference)) errors.push('MerchantReference');
      errors.push(...itemErrors(json.OrderItems));
      if (errors.length > 0) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation failed', errors.join(', '));
      const reference = json.MerchantReference as string;
      if (references.has(reference)) return fail(reply, 400, 'ORDER_ALREADY_EXISTS', 'Order already exists', `An order with MerchantReference ${reference} already exists`);
      references.add(reference);
      const id = nextId++;
      const items = json.OrderItems as OrderItem[];
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
        // Where the admin API's results are notified (create-order; notifications-adminapi).
        MerchantOrderManagementStatusPushUrl: typeof json.MerchantOrderManagementStatusPushUrl === 'string' ? json.MerchantOrderManagementStatusPushUrl : null,
        transactions: [],
        actions: [],
        checkoutPush: { pushes: 0, received: false },
      });
      return reply.status(201).send({ OrderId: id });
    });

    /** What GetOrder answers: like Qliro, no items and no total while the shopper is still in the checkout. */
    const resource = (o: StoredOrder) => ({
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
      order.OrderItems = json.OrderItems as OrderItem[];
      order.TotalPrice = total(order.OrderItems);
      return {};
    });

    // ---- the order's money, from its processed transactions
    const processed = (o: StoredOrder, type: TransactionType) => o.transactions.filter((t) => t.Type === type && t.Status === 'Success');
    const bought = (o: StoredOrder) => count(o.OrderItems);
    const shipped = (o: StoredOrder) => count(processed(o, 'Capture').flatMap((t) => t.items));
    const returnedFrom = (o: StoredOrder, captureId: number) => count(processed(o, 'Refund').filter((t) => t.OriginalPaymentTransactionId === captureId).flatMap((t) => t.items));
    const cancelled = (o: StoredOrder) => processed(o, 'Reversal').length > 0;
    const preauthorization = (o: StoredOrder) => processed(o, 'Preauthorization')[0] ?? null;
    const pending = (o: StoredOrder) => o.transactions.some((t) => t.Status === 'Created' || t.Status === 'InProcess');
    /** What is reserved and not shipped, per item (nothing once cancelled). */
    const unshipped = (o: StoredOrder): RequestItem[] => {
      if (cancelled(o)) return [];
      const done = shipped(o);
      const seen = new Set<string>();
      const rest: RequestItem[] = [];
      for (const i of o.OrderItems) {
        const key = keyOf(i);
        if (seen.has(key)) continue;
        seen.add(key);
        const quantity = (bought(o).get(key) ?? 0) - (done.get(key) ?? 0);
        if (quantity > 0) rest.push({ MerchantReference: i.MerchantReference, Type: i.Type, Quantity: quantity, PricePerItemIncVat: i.PricePerItemIncVat });
      }
      return rest;
    };

    /** Checks one admin item (the documented required fields); returns the errors, with the path for DetailedErrorMessage. */
    const requestItemErrors = (items: unknown, path: string): string[] => {
      if (!Array.isArray(items) || items.length === 0) return [`${path}.OrderItems is required`];
      const errors: string[] = [];
      items.forEach((i: unknown, n) => {
        const at = `${path}.OrderItems[${n}]`;
        if (!isObject(i)) return void errors.push(`${at} is not an object`);
        if (typeof i.MerchantReference !== 'string' || i.MerchantReference.length === 0) errors.push(`${at}.MerchantReference is required`);
        if (typeof i.Type !== 'string' || !ITEM_TYPES.has(i.Type)) errors.push(`${at}.Type must be Product, Discount, Fee or Shipping`);
        if (!Number.isInteger(i.Quantity) || (i.Quantity as number) < 1) errors.push(`${at}.Quantity must be an integer of at least 1`);
        if (typeof i.PricePerItemIncVat !== 'number' || Math.abs(i.PricePerItemIncVat * 100 - Math.round(i.PricePerItemIncVat * 100)) > 1e-6) {
          errors.push(`${at}.PricePerItemIncVat must be a number with at most 2 decimals`);
        }
      });
      return errors;
    };

    /** The request schema of each operation (the API reference's request bodies). */
    const schemaErrors = (operation: Operation, json: Record<string, unknown>): string[] => {
      const { name, properties } = OPERATIONS[operation];
      const errors: string[] = [];
      for (const property of Object.keys(json)) {
        if (!(properties as readonly string[]).includes(property)) errors.push(`${property} is not a property of the ${name} request (allowed: ${properties.join(', ')})`);
      }
      if (typeof json.MerchantApiKey !== 'string' || json.MerchantApiKey.length > 50) errors.push('MerchantApiKey is required (at most 50 characters)');
      if (json.OrderId !== undefined && !Number.isInteger(json.OrderId)) errors.push('OrderId must be an integer');
      if (operation !== 'cancelorder' && (typeof json.Currency !== 'string' || json.Currency.length === 0)) errors.push('Currency is required');
      if (operation === 'markitemsasshipped') {
        if (!Array.isArray(json.Shipments) || json.Shipments.length === 0) errors.push('Shipments is required');
        else {
          json.Shipments.forEach((s: unknown, n) => {
            const at = `Shipments[${n}]`;
            if (!isObject(s)) return void errors.push(`${at} is not an object`);
            for (const p of Object.keys(s)) if (p !== 'PaymentTransactionId' && p !== 'OrderItems') errors.push(`${at}.${p} is not a property of a shipment`);
            if (s.PaymentTransactionId !== undefined && s.PaymentTransactionId !== null && !Number.isInteger(s.PaymentTransactionId)) errors.push(`${at}.PaymentTransactionId must be an integer or null`);
            errors.push(...requestItemErrors(s.OrderItems, at));
          });
        }
      }
      if (operation === 'returnitems') {
        if (!Array.isArray(json.Returns) || json.Returns.length === 0) errors.push('Returns is required');
        else {
          json.Returns.forEach((r: unknown, n) => {
            const at = `Returns[${n}]`;
            if (!isObject(r)) return void errors.push(`${at} is not an object`);
            for (const p of Object.keys(r)) if (!['PaymentTransactionId', 'OrderItems', 'Fees', 'Discounts'].includes(p)) errors.push(`${at}.${p} is not a property of a return`);
            if (!Number.isInteger(r.PaymentTransactionId)) errors.push(`${at}.PaymentTransactionId is required (the capture's PaymentTransactionId)`);
            // Return fees and discounts are documented, but the shop sends none and the stand-in does not price them.
            for (const p of ['Fees', 'Discounts']) if (Array.isArray(r[p]) && (r[p] as unknown[]).length > 0) errors.push(`${at}.${p}: not supported by the stand-in`);
            errors.push(...requestItemErrors(r.OrderItems, at));
          });
        }
      }
      return errors;
    };

    const newTransaction = (o: StoredOrder, Type: TransactionType, items: RequestItem[], original: number | null, failsWith: string | null): Transaction => {
      const t: Transaction = {
        PaymentTransactionId: nextTransaction++,
        Type,
        Status: 'Created',
        Amount: kroner(sumOre(items)),
        Timestamp: new Date().toISOString(),
        OriginalPaymentTransactionId: original,
        items,
        failsWith,
        ErrorCode: null,
      };
      o.transactions.push(t);
      return t;
    };

    /** MarkItemsAsShipped: one capture per shipment. https://developers.qliro.com/api-reference/admin/orders/mark-items-as-shipped */
    const ship = (o: StoredOrder, json: Record<string, unknown>, failsWith: string | null): Refusal | Transaction[] => {
      if (cancelled(o)) {
        // OPERATION_NOT_SUPPORTED "can be due to many reasons" (checkout-basics): only the documented message means busy.
        return refusal('OPERATION_NOT_SUPPORTED', 'Evaluation, Operation is not supported for this order', 'The order is cancelled: nothing is reserved to ship');
      }
      const shipments = json.Shipments as Array<{ PaymentTransactionId?: number | null; OrderItems: RequestItem[] }>;
      const reservation = preauthorization(o);
      const have = bought(o);
      const done = shipped(o);
      const wanted = new Map<string, number>();
      for (const s of shipments) {
        if (s.PaymentTransactionId != null && s.PaymentTransactionId !== reservation?.PaymentTransactionId) {
          return refusal('NO_PAYMENT_TRANSACTION', 'No payment transaction', `PaymentTransactionId ${s.PaymentTransactionId} is not a reservation of order ${o.OrderId}`);
        }
        for (const i of s.OrderItems) {
          const key = keyOf(i);
          if (!have.has(key)) return refusal('INVALID_ITEM', 'Invalid item', `No item ${i.MerchantReference} at PricePerItemIncVat ${i.PricePerItemIncVat} on order ${o.OrderId}`);
          wanted.set(key, (wanted.get(key) ?? 0) + i.Quantity);
        }
      }
      for (const [key, quantity] of wanted) {
        if ((done.get(key) ?? 0) + quantity > (have.get(key) ?? 0)) {
          const reference = key.split('\u0000')[0];
          return refusal('EXCEEDING_QUANTITY', 'Exceeding quantity', `${reference}: ${quantity} more to ship, ${done.get(key) ?? 0} of ${have.get(key)} already shipped`);
        }
      }
      return shipments.map((s) => newTransaction(o, 'Capture', s.OrderItems.map(pick), reservation?.PaymentTransactionId ?? null, failsWith));
    };

    /** ReturnItems: one refund per return, from the capture it names. https://developers.qliro.com/api-reference/admin/orders/return-with-items */
    const giveBack = (o: StoredOrder, json: Record<string, unknown>, failsWith: string | null): Refusal | Transaction[] => {
      const returns = json.Returns as Array<{ PaymentTransactionId: number; OrderItems: RequestItem[] }>;
      const wanted = new Map<number, Map<string, number>>();
      for (const r of returns) {
        const capture = processed(o, 'Capture').find((t) => t.PaymentTransactionId === r.PaymentTransactionId);
        if (!capture) return refusal('NO_PAYMENT_TRANSACTION', 'No payment transaction', `PaymentTransactionId ${r.PaymentTransactionId} is not a processed capture of order ${o.OrderId}`);
        const captured = count(capture.items);
        const perCapture = wanted.get(capture.PaymentTransactionId) ?? new Map<string, number>();
        wanted.set(capture.PaymentTransactionId, perCapture);
        for (const i of r.OrderItems) {
          const key = keyOf(i);
          if (!captured.has(key)) {
            return refusal('INVALID_ITEM', 'Invalid item', `No item ${i.MerchantReference} at PricePerItemIncVat ${i.PricePerItemIncVat} was shipped in capture ${capture.PaymentTransactionId}`);
          }
          perCapture.set(key, (perCapture.get(key) ?? 0) + i.Quantity);
        }
        if (sumOre(r.OrderItems) <= 0) return refusal('INVALID_REQUEST_TOTAL_AMOUNT', 'Invalid request total amount', 'You can not return items of 0 value or less');
      }
      for (const [captureId, perCapture] of wanted) {
        const captured = count(o.transactions.find((t) => t.PaymentTransactionId === captureId)!.items);
        const back = returnedFrom(o, captureId);
        for (const [key, quantity] of perCapture) {
          if ((back.get(key) ?? 0) + quantity > (captured.get(key) ?? 0)) {
            const reference = key.split('\u0000')[0];
            return refusal('EXCEEDING_QUANTITY', 'Exceeding quantity', `${reference}: ${quantity} more to return from capture ${captureId}, which shipped ${captured.get(key)} and has ${back.get(key) ?? 0} returned`);
          }
        }
      }
      return returns.map((r) => newTransaction(o, 'Refund', r.OrderItems.map(pick), r.PaymentTransactionId, failsWith));
    };

    /** CancelOrder: what is reserved and not shipped. https://developers.qliro.com/api-reference/admin/orders/cancel-order */
    const cancel = (o: StoredOrder, _json: Record<string, unknown>, failsWith: string | null): Refusal | Transaction[] => {
      const rest = unshipped(o);
      if (rest.length === 0) {
        return refusal('NO_ITEMS_TO_CANCEL', 'No items to cancel', cancelled(o) ? 'The order is already cancelled' : 'Every item is shipped: nothing is reserved to cancel');
      }
      return [newTransaction(o, 'Reversal', rest, preauthorization(o)?.PaymentTransactionId ?? null, failsWith)];
    };

    const perform: Record<Operation, typeof ship> = { markitemsasshipped: ship, returnitems: giveBack, cancelorder: cancel };

    /** Qliro processes the request, then notifies the result (Success, or Error with nothing done). */
    const settle = (o: StoredOrder, transactions: Transaction[]) => {
      for (const t of transactions) {
        if (t.failsWith) {
          t.Status = 'Error';
          t.ErrorCode = t.failsWith;
        } else {
          t.Status = 'Success';
          const action = ({ Capture: 'Ship', Refund: 'Return', Reversal: 'Release', Preauthorization: 'Reserve' } as const)[t.Type];
          for (const i of t.items) {
            const sold = o.OrderItems.find((s) => keyOf(s) === keyOf(i));
            o.actions.push({
              Id: nextAction++,
              MerchantReference: i.MerchantReference,
              Description: sold?.Description ?? i.MerchantReference,
              Quantity: i.Quantity,
              PricePerItemIncVat: i.PricePerItemIncVat,
              PricePerItemExVat: sold?.PricePerItemExVat ?? i.PricePerItemIncVat,
              ActionType: action,
              PaymentTransactionId: t.PaymentTransactionId,
              Type: i.Type,
            });
          }
        }
        t.Timestamp = new Date().toISOString();
        notify(o, t);
      }
    };

    /**
     * The order-management notification (https://developers.qliro.com/qliro-checkout/order-management/notifications-adminapi):
     * POST to MerchantOrderManagementStatusPushUrl, retried until the answer is {"CallbackResponse":"received"}. Qliro
     * documents no retry schedule for it: a few retries with a doubling delay, as for the checkout push.
     */
    const notify = (o: StoredOrder, t: Transaction) => {
      const url = o.MerchantOrderManagementStatusPushUrl;
      if (!url) return;
      const fate = faults.notification();
      if (fate.drop) return;
      const body = JSON.stringify({
        // The page's table spells it OrderID; the JSON Qliro sends (like the checkout notification's) says OrderId.
        OrderId: o.OrderId,
        MerchantReference: o.MerchantReference,
        PaymentTransactionId: t.PaymentTransactionId,
        Amount: t.Amount,
        Currency: o.Currency,
        Status: t.Status,
        PaymentType: t.Type,
        ProviderTransactionId: null,
        ProviderResultCode: t.ErrorCode,
        ProviderResultDescription: t.ErrorCode ? 'Stand-in: the transaction failed' : null,
        OriginalPaymentTransactionId: t.OriginalPaymentTransactionId,
        PaymentReference: null,
        Timestamp: t.Timestamp,
        // Not in the part of the page this stand-in was written from; named after the page's section. Do not rely on it.
        NotificationType: 'OrderManagementStatus',
      });
      const retryMs = Math.max(50, Math.min(timing.pushDelayMs, 200));
      later(fate.delayMs ?? 0, () =>
        pushWithRetries(
          () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) }),
          (res, text) => res.ok && receivedAnswer(text),
          retryMs,
          timing.pushAttempts,
        ),
      );
    };

    // ---- admin API (paths case-insensitive, as Qliro's)
    app.post<{ Params: { operation: string } }>('/checkout/adminapi/v2/:operation', async (request, reply) => {
      const operation = request.params.operation.toLowerCase();
      if (!(operation in OPERATIONS)) return reply.callNotFound();
      const op = operation as Operation;
      const { raw, json } = bodyOf(request);
      if (!authorized(request, reply, raw)) return reply;
      if (!isObject(json)) return fail(reply, 400, 'INVALID_REQUEST', 'Invalid request', 'The body must be a JSON object');

      // RequestId (every admin request page): "stored for 7 days, and during that time, any requests sent with the
      // same GUID will be denied". Qliro documents no error code for it, nor at which step it is stored: the stand-in
      // stores every authenticated GUID it is sent, whatever the answer, and denies a reuse with INVALID_REQUEST
      // (the documented catch-all "check DetailedErrorMessage").
      if (json.RequestId !== undefined) {
        if (typeof json.RequestId !== 'string' || !GUID.test(json.RequestId)) return fail(reply, 400, 'INVALID_REQUEST', 'Invalid request', 'RequestId must be a GUID');
        const id = json.RequestId.toLowerCase();
        const seen = requestIds.get(id);
        if (seen !== undefined && Date.now() - seen < REQUEST_ID_TTL_MS) {
          return fail(reply, 400, 'INVALID_REQUEST', 'Invalid request', `RequestId ${json.RequestId} has already been used: a request with the same RequestId is denied for 7 days`);
        }
        requestIds.set(id, Date.now());
      }

      // The fault suite's draws, in request order (control.ts).
      const drawn = faults.admin();
      if (drawn.serverError) return fail(reply, 500, 'SYSTEM_ERROR', 'System error', 'Stand-in: injected server error');
      if (drawn.busy) return fail(reply, 400, 'OPERATION_NOT_SUPPORTED', BUSY_MESSAGE, BUSY_MESSAGE);

      const answer = (status: number, body: unknown) => (drawn.lostAnswer ? loseAnswer(reply) : reply.status(status).send(body));
      const refuse = (r: Refusal) =>
        answer(r.status, { ErrorCode: r.ErrorCode, ErrorMessage: r.ErrorMessage, DetailedErrorMessage: r.DetailedErrorMessage, ErrorReference: randomUUID() });

      const errors = schemaErrors(op, json);
      if (errors.length > 0) return refuse(refusal('INVALID_REQUEST', 'Invalid request', errors.join('; ')));
      if (json.MerchantApiKey !== credentials.apiKey) return refuse(refusal('MERCHANT_MISMATCH', 'Merchant mismatch', 'MerchantApiKey is not the merchant of this order'));
      const order = orders.get(Number(json.OrderId));
      if (!order) return refuse(refusal('ORDER_NOT_FOUND', 'Order not found'));
      if (!preauthorization(order)) return refuse(refusal('NO_PAYMENT_TRANSACTION', 'No payment transaction', `Order ${order.OrderId} is ${order.CustomerCheckoutStatus}: nothing is reserved`));
      if (op !== 'cancelorder' && json.Currency !== order.Currency) return refuse(refusal('CURRENCY_MISMATCH', 'Currency mismatch', `The order is in ${order.Currency}`));
      // checkout-basics: "you need to schedule a re-try".
      if (pending(order)) return refuse(refusal('OPERATION_NOT_SUPPORTED', BUSY_MESSAGE, BUSY_MESSAGE));

      const result = perform[op](order, json, drawn.errorResult ? 'STAND_IN_ERROR_RESULT' : null);
      if (!Array.isArray(result)) return refuse(result);
      if (drawn.errorResult) faults.hits.errorResult++;
      const processNow = () => {
        if (!processing.delete(processNow)) return; // processed already (by the timer or by the test control)
        settle(order, result);
      };
      processing.set(processNow, order.OrderId);
      later(processingMs, processNow);
      return answer(200, { PaymentTransactions: result.map((t) => ({ PaymentTransactionId: t.PaymentTransactionId, Status: t.Status })) });
    });

    /** Admin GetOrder, the fields of https://developers.qliro.com/api-reference/admin/orders/orders the shop reads. */
    app.get<{ Params: { id: string } }>('/checkout/adminapi/v2/orders/:id', async (request, reply) => {
      if (!authorized(request, reply, '')) return reply;
      const order = orders.get(Number(request.params.id));
      if (!order) return fail(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
      return {
        OrderId: order.OrderId,
        MerchantReference: order.MerchantReference,
        Currency: order.Currency,
        Country: 'NO',
        OrderItemActions: order.actions,
        PaymentTransactions: order.transactions.map((t) => ({
          PaymentTransactionId: t.PaymentTransactionId,
          OrderId: order.OrderId,
          OriginalPaymentTransactionId: t.OriginalPaymentTransactionId,
          Type: t.Type,
          Amount: t.Amount,
          Currency: order.Currency,
          ProviderTransactionId: null,
          ProviderResultCode: t.ErrorCode,
          ProviderResultDescription: null,
          Status: t.Status,
          Timestamp: t.Timestamp,
          PaymentMethodName: 'QLIRO_INVOICE',
          PaymentMethodSubtypeCode: null,
          ErrorCode: t.ErrorCode,
          ErrorCodeDescription: t.ErrorCode ? 'Stand-in: the transaction failed' : null,
        })),
      };
    });

    /** The stand-in's own truth for the fault suite (øre), never Qliro's API. */
    // Processes an order's received admin requests now (a test that must meet a request while it is pending makes the
    // processing slow and then ends it here, instead of racing a timer).
    app.post<{ Params: { orderId: string } }>('/_control/orders/:orderId/process', async (request) => {
      const id = Number(request.params.orderId);
      const due = [...processing].filter(([, orderId]) => orderId === id).map(([run]) => run);
      for (const run of due) run();
      return { processed: due.length };
    });

    app.get<{ Params: { orderId: string } }>('/_control/orders/:orderId/pushes', async (request, reply) => {
      const order = orders.get(Number(request.params.orderId));
      if (!order) return reply.status(404).send({ error: 'unknown order' });
      return order.checkoutPush;
    });

    app.get<{ Params: { orderId: string } }>('/_control/orders/:orderId/ledger', async (request, reply) => {
      const order = orders.get(Number(request.params.orderId));
      if (!order) return reply.status(404).send({ error: 'unknown order' });
      const byReference = (counts: Map<string, number>) => {
        const out: Record<string, number> = {};
        for (const [key, quantity] of counts) {
          const reference = key.split('\u0000')[0]!;
          out[reference] = (out[reference] ?? 0) + quantity;
        }
        return out;
      };
      const returned = new Map<string, number>();
      for (const t of processed(order, 'Refund')) for (const [k, q] of count(t.items)) returned.set(k, (returned.get(k) ?? 0) + q);
      const kinds = { Capture: 'capture', Refund: 'refund', Reversal: 'cancel' } as const;
      return {
        captured: processed(order, 'Capture').reduce((s, t) => s + ore(t.Amount), 0),
        refunded: processed(order, 'Refund').reduce((s, t) => s + ore(t.Amount), 0),
        cancelled: cancelled(order),
        shipped: byReference(shipped(order)),
        returned: byReference(returned),
        transactions: order.transactions
          .filter((t) => t.Type !== 'Preauthorization')
          .map((t) => ({
            id: String(t.PaymentTransactionId),
            kind: kinds[t.Type as keyof typeof kinds],
            amount: ore(t.Amount),
            status: t.Status === 'Success' ? 'settled' : t.Status === 'Error' ? 'error' : 'pending',
          })),
      };
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
        // The amount is reserved: a Preauthorization transaction, its items Reserve actions (admin GetOrder).
        const reservation = newTransaction(order, 'Preauthorization', order.OrderItems.map(pick), null, null);
        reservation.Status = 'Success';
        for (const i of order.OrderItems) {
          order.actions.push({
            Id: nextAction++,
            MerchantReference: i.MerchantReference,
            Description: i.Description,
            Quantity: i.Quantity,
            PricePerItemIncVat: i.PricePerItemIncVat,
            PricePerItemExVat: i.PricePerItemExVat,
            ActionType: 'Reserve',
            PaymentTransactionId: reservation.PaymentTransactionId,
            Type: i.Type,
          });
        }
        const body = JSON.stringify({ OrderId: order.OrderId, MerchantReference: order.MerchantReference, Status: 'Completed', Timestamp: new Date().toISOString() });
        pushWithRetries(
          () => {
            order.checkoutPush.pushes += 1;
            return fetch(order.MerchantCheckoutStatusPushUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
          },
          (res, text) => (order.checkoutPush.received = res.ok && text.includes('"received"')),
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

/** Quantities per item (MerchantReference + PricePerItemIncVat). */
function count(items: Array<{ MerchantReference: string; PricePerItemIncVat: number; Quantity: number }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(keyOf(i), (counts.get(keyOf(i)) ?? 0) + i.Quantity);
  return counts;
}

function pick(i: RequestItem | OrderItem): RequestItem {
  return { MerchantReference: i.MerchantReference, Type: i.Type, Quantity: i.Quantity, PricePerItemIncVat: i.PricePerItemIncVat };
}

/** The documented answer to a notification: {"CallbackResponse":"received"}. */
function receivedAnswer(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { CallbackResponse?: unknown };
    return parsed.CallbackResponse === 'received';
  } catch {
    return false;
  }
}
