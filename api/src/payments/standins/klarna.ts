/**
 * Local stand-in for the Klarna Checkout v3 + order management contract (in memory, one process). Validates the
 * amounts as Klarna does, renders a real pay page through html_snippet, and on "Betal" completes the order, fires
 * the push to merchant_urls.push and sends the shopper to merchant_urls.confirmation.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { klarnaAmountErrors } from '../money.js';
import type { KlarnaOrderResource } from '../klarna.js';
import type { MerchantUrls } from '../types.js';
import { checkoutPage, firePush, snippet } from './page.js';

interface StoredOrder extends KlarnaOrderResource {
  merchant_urls: MerchantUrls;
  acknowledged: boolean;
}

const withId = (url: string, id: string) => url.replaceAll('{checkout.order.id}', encodeURIComponent(id));

export function klarnaStandIn(credentials: { username: string; password: string }): FastifyPluginAsync {
  return async (app) => {
    const orders = new Map<string, StoredOrder>();
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    const authorized = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization === expected) return true;
      void reply.status(401).send({ error_code: 'UNAUTHORIZED', error_messages: ['Bad credentials'] });
      return false;
    };
    // The pay page posts an (empty) HTML form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    app.post('/checkout/v3/orders', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const body = request.body as Partial<StoredOrder> | undefined;
      const errors: string[] = [];
      if (!body || body.purchase_currency !== 'NOK') errors.push('purchase_currency');
      if (!body?.merchant_urls?.push || !body.merchant_urls.confirmation) errors.push('merchant_urls');
      if (!Array.isArray(body?.order_lines) || body.order_lines.length === 0) errors.push('order_lines');
      else errors.push(...klarnaAmountErrors(body as StoredOrder));
      if (errors.length > 0) return reply.status(400).send({ error_code: 'BAD_VALUE', error_messages: errors });
      const id = randomUUID();
      const order: StoredOrder = {
        ...(body as StoredOrder),
        order_id: id,
        status: 'checkout_incomplete',
        html_snippet: snippet('Klarna', `${app.prefix}/pay/${id}`),
        acknowledged: false,
      };
      orders.set(id, order);
      return reply.status(201).send(order);
    });

    app.get<{ Params: { id: string } }>('/checkout/v3/orders/:id', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const order = orders.get(request.params.id);
      if (!order) return reply.status(404).send({ error_code: 'NOT_FOUND', error_messages: ['Order not found'] });
      return order;
    });

    app.post<{ Params: { id: string } }>('/ordermanagement/v1/orders/:id/acknowledge', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const order = orders.get(request.params.id);
      if (!order) return reply.status(404).send({ error_code: 'NOT_FOUND', error_messages: ['Order not found'] });
      if (order.status === 'checkout_incomplete') return reply.status(403).send({ error_code: 'NOT_ALLOWED', error_messages: ['Not completed'] });
      order.acknowledged = true;
      return reply.status(204).send();
    });

    app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = orders.get(request.params.id);
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren.</p>');
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          provider: 'Klarna',
          orderId: order.order_id,
          lines: order.order_lines.map((l) => ({ name: l.name, quantity: l.quantity, totalOre: l.total_amount })),
          totalOre: order.order_amount,
          paid: order.status !== 'checkout_incomplete',
          action: `${app.prefix}/pay/${order.order_id}`,
        }),
      );
    });

    app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const order = orders.get(request.params.id);
      if (!order) return reply.status(404).type('text/html').send('<p>Fant ikke ordren.</p>');
      if (order.status === 'checkout_incomplete') {
        order.status = 'checkout_complete';
        // Klarna pushes with an empty body; the shop must re-read the order.
        await firePush(withId(order.merchant_urls.push, order.order_id));
      }
      return reply.redirect(withId(order.merchant_urls.confirmation, order.order_id), 303);
    });
  };
}
