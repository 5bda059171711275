/**
 * Input rules every route shares, checked at the edge before a route's own validation (found by test/security's
 * fuzzing, where each of these was a 500):
 *
 * - No NUL character (U+0000) in any text: PostgreSQL cannot store it in `text` or `jsonb`, and even a lookup with it
 *   fails ("invalid byte sequence"). It is refused in path parameters, the query string and the JSON body (values and
 *   keys, at any depth) with 400 — or 422 on the routes that answer bad input with 422 (attachValidation: accounts).
 *
 * Numbers: app.ts runs ajv with `strictNumbers: false`, because with strict numbers ajv coerces the strings
 * "Infinity" and "1e309" to Infinity and then skips minimum/maximum for non-finite numbers; without it the bounds
 * apply, and every numeric input has bounds (DbId in routes/shared/schema.ts for ids).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, TEXTS } from './errors.js';

export const INPUT_TEXTS = {
  nul: 'inneholder et ugyldig tegn',
} as const;

const NUL = '\u0000';
const MAX_FIELD = 60;

const printable = (path: string) => {
  const clean = path.replaceAll(NUL, '\\0');
  return clean.length > MAX_FIELD ? `${clean.slice(0, MAX_FIELD)}…` : clean;
};

/** The path of the first string (or key) holding a NUL character, or null. Iterative: bodies may nest deeply. */
export function findNul(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function rejectNul(request: FastifyRequest): void {
  const parts: Array<[unknown, string]> = [
    [request.params, ''],
    [request.query, ''],
    [request.body, ''],
  ];
  for (const [value, root] of parts) {
    const path = findNul(value, root);
    if (path === null) continue;
    const field = printable(path) || 'forespørselen';
    const status = request.routeOptions.attachValidation ? 422 : 400;
    throw new HttpError(status, `${TEXTS.badRequest}: ${field} ${INPUT_TEXTS.nul}.`, [{ field, message: INPUT_TEXTS.nul }]);
  }
}

/** Installs the shared input rules (after the sessions' CSRF check, so a forged request still gets 419 first). */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    rejectNul(request);
  });
}
