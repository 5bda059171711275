/**
 * The app's route table, collected as routes are registered (an `onRoute` hook added before any plugin), so tools
 * and tests can walk every route with its schema and config instead of keeping a hand-written list.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The full path pattern, prefix included (`/api/v1/customers/:id`). */
  url: string;
  schema: FastifySchema | undefined;
  config: RouteOptions['config'];
}

export function collectRoutes(app: FastifyInstance): readonly RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const entry: RouteEntry = { method: String(method).toUpperCase(), url: route.url, schema: route.schema, config: route.config };
      if (!table.some((r) => r.method === entry.method && r.url === entry.url)) table.push(entry);
    }
  });
  return table;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route (method × path), filled while plugins register; complete once the app is ready. */
    routeTable: readonly import('./route-table.js').RouteEntry[];
  }
}
