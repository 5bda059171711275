/**
 * The customer routes (SPEC §7, issue 6). GET /customers/current answers 204 when nobody is logged in (and never
 * creates a session for that); the rest lives in auth.ts (register/login/logout/verify/reset), account.ts
 * (update/delete/QR code) and history.ts (reservations, orders, reviews).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createAccountServices } from '../../accounts/services.js';
import { RawCustomerSchema, findActiveCustomer, toRawCustomer } from './raw.js';
import { authRoutes, LOGGED_OUT_TEXT } from './auth.js';
import { accountRoutes } from './account.js';
import { historyRoutes } from './history.js';

export { RawCustomerSchema, findActiveCustomer, toRawCustomer } from './raw.js';
export const LOGGED_OUT = LOGGED_OUT_TEXT;

export const customersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = createAccountServices(app);

  app.get(
    '/customers/current',
    {
      schema: {
        tags: ['customers'],
        summary: 'The logged-in customer of this session; 204 when nobody is logged in',
        response: { 200: RawCustomerSchema, 204: Type.Null() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await request.session.get();
      const customer = session?.customerId ? await findActiveCustomer(app.database.db, session.customerId) : null;
      if (!customer) return reply.status(204).send(null);
      return reply.send(toRawCustomer(customer));
    },
  );

  await app.register(authRoutes(services));
  await app.register(accountRoutes(services));
  await app.register(historyRoutes());
};
