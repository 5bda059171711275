/**
 * GET /ping: liveness — the process and its event loop answer; no database, so a load balancer's probe is never
 * queued behind queries (the embedded database has a single connection, see db/index.ts).
 * GET /health: readiness — a database round trip (load balancers deciding where to send traffic, `npm start` scripts
 * and the e2e harness).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export const PingSchema = Type.Object({ status: Type.Literal('ok') });

export const HealthSchema = Type.Object({
  status: Type.Enum(['ok', 'unavailable']),
  database: Type.Enum(['embedded', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ping',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness check: the process answers (no database round trip)',
        response: { 200: PingSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness check with a database ping',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const ok = await app.database.ping();
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'unavailable', database: app.database.kind });
    },
  );
};
