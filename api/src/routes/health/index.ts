/** GET /health: liveness with a database round trip (for load balancers, `npm start` scripts and the e2e harness). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export const HealthSchema = Type.Object({
  status: Type.Enum(['ok', 'unavailable']),
  database: Type.Enum(['embedded', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Health check with a database ping',
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
