/**
 * Local stand-in for the Qliro One merchant API (in memory). Checks the Qliro auth token and the merchant key,
 * checks each item's price excl. VAT against incl. VAT, renders a pay page through OrderHtmlSnippet, and on "Betal"
 * sets CustomerCheckoutStatus Completed, pushes the status to MerchantCheckoutStatusPushUrl (expects
 * {"CallbackResponse":"received"}) and sends the shopper to MerchantConfirmationUrl.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { QliroOrderItem } from '../money.js';
import { qliroToken, type QliroOrderResource } from '../qliro.js';
import { checkoutPage, firePush, snippet } from './page.js';

interface StoredOrder extends QliroOrderResource {
  MerchantConfirmationUrl: string;
  MerchantCheckoutStatusPushUrl: string;
  pushAnswer: unknown;
}

export function qliroStandIn(credentials: { apiKey: string; apiSecret: string }): FastifyPluginAsync {
  return async (app) => {
    const orders = new Map<number, StoredOrder>();
    let nextId = 1000;
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    // Keep the raw JSON: Qliro's token is a hash over the exact body text.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, { raw: body as string, json: body ? JSON.parse(body as string) : {} });
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    const authorized = (request: FastifyRequest, reply: FastifyReply, raw: string) => {
      if (request.headers.authorization === `Qliro ${qliroToken(raw, credentials.apiSecret)}`) return true;
      void reply.status(401).send({ ErrorCode: 'UNAUTHORIZED', ErrorMessage: 'Invalid authorization token' });
      return false;
    };

    app.post('/checkout/merchantapi/orders', async (request, reply) => {
      const { raw, json } = (request.body ?? { raw: '', json: {} }) as { raw: string; json: Record<string, unknown> };
      if (!authorized(request, reply, raw)) return reply;
      const items = json.OrderItems as QliroOrderItem[] | undefined;
      const errors: string[] = [];
      if (json.MerchantApiKey !== credentials.apiKey) errors.push('MerchantApiKey');
      if (json.Currency !== 'NOK') errors.push('Currency');
      if (typeof json.MerchantCheckoutStatusPushUrl !== 'string' || typeof json.MerchantConfirmationUrl !== 'string') errors.push('Urls');
      if (!Array.isArray(items) || items.length === 0) errors.push('OrderItems');
      else
        items.forEach((i, n) => {
          if (Math.abs(i.PricePerItemExVat * (1 + i.VatRate) - i.PricePerItemIncVat) > 0.02) errors.push(`OrderItems[${n}].PricePerItemExVat`);
        });
      if (errors.length > 0) return reply.status(400).send({ ErrorCode: 'VALIDATION_ERROR', ErrorMessage: errors.join(', ') });
      const id = nextId++;
      orders.set(id, {
        OrderId: id,
        MerchantReference: String(json.MerchantReference ?? ''),
        Currency: 'NOK',
        TotalPrice: Math.round(items!.reduce((s, i) => s + i.PricePerItemIncVat * 100 * i.Quantity, 0)) / 100,
        OrderHtmlSnippet: snippet('Qliro', `${app.prefix}/pay/${id}`),
        CustomerCheckoutStatus: 'InProcess',
        OrderItems: items!,
        MerchantConfirmationUrl: json.MerchantConfirmationUrl as string,
        MerchantCheckoutStatusPushUrl: json.MerchantCheckoutStatusPushUrl as string,
        pushAnswer: null,
      });
      return reply.status(201).send({ OrderId: id });
    });

    app.get<{ Params: { id: string } }>('/checkout/merchantapi/orders/:id', async (request, reply) => {
      if (!authorized(request, reply, '')) return reply;
      const order = orders.get(Number(request.params.id));
      if (!order) return reply.status(404).send({ ErrorCode: 'ORDER_NOT_FOUND', ErrorMessage: 'Order not found' });
      const { MerchantConfirmationUrl: _c, MerchantCheckoutStatusPushUrl: _p, pushAnswer: _a, ...resource } = order;
      return resource;
    });

    app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = orders.get(Number(request.params.id));
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren.</p>');
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          provider: 'Qliro',
          orderId: String(order.OrderId),
          lines: order.OrderItems.map((i) => ({ name: i.Description, quantity: i.Quantity, totalOre: Math.round(i.PricePerItemIncVat * 100) * i.Quantity })),
          totalOre: Math.round(order.TotalPrice * 100),
          paid: order.CustomerCheckoutStatus !== 'InProcess',
          action: `${app.prefix}/pay/${order.OrderId}`,
        }),
      );
    });

    app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = orders.get(Number(request.params.id));
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren.</p>');
      if (order.CustomerCheckoutStatus === 'InProcess') {
        order.CustomerCheckoutStatus = 'Completed';
        await firePush(order.MerchantCheckoutStatusPushUrl, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            OrderId: order.OrderId,
            MerchantReference: order.MerchantReference,
            Status: 'Completed',
            Timestamp: new Date().toISOString(),
          }),
        });
      }
      return reply.redirect(order.MerchantConfirmationUrl, 303);
    });
  };
}
