/**
 * The shop's public origin for absolute URLs (sitemap, robots.txt, canonical and Open Graph URLs, payment callbacks):
 * PUBLIC_URL, which production requires (config.ts). Without it (development) the request's own origin is used;
 * Host and X-Forwarded-Host are the sender's to choose, so such an answer says it varies with them and no shared
 * cache may keep it: one request must not fill a proxy's cache with another origin's URLs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cache-Control of an answer built from the request's host. */
export const HOST_DEPENDENT_CACHE = 'private, no-store';
/** The request headers Fastify takes the host from (X-Forwarded-Host from a trusted proxy). */
export const HOST_HEADERS = ['Host', 'X-Forwarded-Host'] as const;

export interface PublicOrigin {
  origin: string;
  /** True when the origin came from the request (no PUBLIC_URL): the answer must vary with it and not be shared. */
  fromRequest: boolean;
}

export function publicOriginOf(publicUrl: string | null | undefined, request: FastifyRequest): PublicOrigin {
  if (publicUrl) return { origin: publicUrl.replace(/\/+$/, ''), fromRequest: false };
  return { origin: `${request.protocol}://${request.host}`, fromRequest: true };
}

/**
 * Sets the answer's caching for its origin: `cacheControl` as given under PUBLIC_URL; else Vary on the host headers
 * and HOST_DEPENDENT_CACHE.
 */
export function cacheForOrigin(reply: FastifyReply, origin: PublicOrigin, cacheControl: string): FastifyReply {
  if (!origin.fromRequest) return reply.header('cache-control', cacheControl);
  const vary = String(reply.getHeader('vary') ?? '');
  const missing = HOST_HEADERS.filter((name) => !new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, 'i').test(vary));
  if (missing.length) reply.header('vary', [vary, ...missing].filter(Boolean).join(', '));
  return reply.header('cache-control', HOST_DEPENDENT_CACHE);
}
