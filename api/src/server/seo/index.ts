/**
 * What search engines read from the API process besides the pages: /robots.txt and /sitemap.xml (paged into
 * /sitemap-{n}.xml past `sitemapPageSize` URLs). Absolute URLs use the configured public origin (PUBLIC_URL), else
 * the request's own — then the answer varies with Host and no shared cache keeps it (publicOrigin.ts). Not part of
 * the /api/v1 contract (hidden from the OpenAPI docs).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawCategory } from '@shop/contracts/types';
import { cacheForOrigin, publicOriginOf, type PublicOrigin } from '../publicOrigin.js';
import { robotsTxt } from './robots.js';
import {
  countProducts,
  loadLeadingUrls,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  sitemapPageCount,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlElements,
} from './sitemap.js';

export interface SeoOptions {
  /** The shop's public origin (config publicUrl); undefined: the request's origin. */
  publicUrl?: string;
  /** URLs per sitemap file (the protocol's 50,000; tests page with a small number). */
  sitemapPageSize?: number;
}

/** Crawlers fetch these rarely; an hour keeps a burst of them off the database while new products still show soon. */
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';

export async function installSeo(app: FastifyInstance, options: SeoOptions = {}): Promise<void> {
  const pageSize = Math.max(1, Math.min(options.sitemapPageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS));
  const originOf = (request: FastifyRequest) => publicOriginOf(options.publicUrl, request);

  /** GET /categories' answer through the route itself (its answer cache applies): the tree the pages resolve. */
  const categories = async (): Promise<RawCategory[]> => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/categories', headers: { accept: 'application/json' } });
    if (response.statusCode !== 200) throw new Error(`GET /api/v1/categories answered ${response.statusCode}`);
    return response.json() as RawCategory[];
  };

  const plan = async () => {
    const now = new Date();
    const [leading, products] = await Promise.all([categories().then((tree) => loadLeadingUrls(app.database.db, tree, now)), countProducts(app.database.db)]);
    const total = leading.length + products;
    return { leading, total, pages: sitemapPageCount(total, pageSize) };
  };

  const sendUrlset = (reply: FastifyReply, origin: PublicOrigin, leading: Parameters<typeof urlElements>[2], from: number) => {
    const db = app.database.db;
    async function* body() {
      yield URLSET_OPEN;
      yield* urlElements(db, origin.origin, leading, from, pageSize);
      yield URLSET_CLOSE;
    }
    return cacheForOrigin(reply, origin, SITEMAP_CACHE).type('application/xml; charset=utf-8').send(Readable.from(body()));
  };

  const xmlRoute = { schema: { hide: true } };

  app.get('/robots.txt', xmlRoute, async (request, reply) => {
    const origin = originOf(request);
    return cacheForOrigin(reply, origin, ROBOTS_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(origin.origin));
  });

  app.get('/sitemap.xml', xmlRoute, async (request, reply) => {
    const origin = originOf(request);
    const { leading, pages } = await plan();
    if (pages > 0) return cacheForOrigin(reply, origin, SITEMAP_CACHE).type('application/xml; charset=utf-8').send(sitemapIndex(origin.origin, pages));
    return sendUrlset(reply, origin, leading, 0);
  });

  // No input schema: the page number is read here, and anything but one of the files listed is the site's 404.
  app.get('/sitemap-:page.xml', xmlRoute, async (request, reply) => {
    const text = (request.params as { page: string }).page;
    const page = /^[1-9]\d{0,6}$/.test(text) ? Number(text) : 0;
    const { leading, pages } = page > 0 ? await plan() : { leading: [], pages: 0 };
    if (page === 0 || page > pages) return reply.status(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Fant ikke filen.\n');
    return sendUrlset(reply, originOf(request), leading, (page - 1) * pageSize);
  });
}
