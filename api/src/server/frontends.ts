/**
 * Serving the built front ends from the API process (docs/architecture.md, "Serving layout"):
 *   /                  pages rendered by the shell's server build (shell/dist/server, shellRenderer.ts) in
 *                      shell/dist/index.html, with the session's CSRF token; never cached
 *   /mf/<name>/        <name>/dist of each remote, with CORS so a shell on another origin can load it
 *   /remotes.json      the run-time remote registry (configuration, not a build artefact)
 *   anything else      GET + Accept: text/html → the shell's index.html (SPA fallback); /api/… → JSON 404
 * A dist folder that is not built yet gives a clear 503 instead of a crash, so the API can run before the build.
 * Security headers come from security.ts; index.html's CSP also allows the hashes of its own inline scripts, and the
 * remotes' assets and /remotes.json are Cross-Origin-Resource-Policy: cross-origin (a shell elsewhere loads them).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Type } from 'typebox';
import { isFulfilmentSession } from '../fulfilment/access.js';
import type { RawCategory } from '@shop/contracts/types';
import { REMOTE_APPS, type RemotesConfig } from '../config.js';
import type { RemoteRegistry } from './remoteRegistry.js';
import { categoryRedirect } from './categoryRedirect.js';
import { TEXTS } from './errors.js';
import { documentStatus } from './documentStatus.js';
import { inlineScriptHashes, serializeCsp, type CspDirectives } from './security.js';
import { SESSION_COOKIE } from './session.js';
import type { RenderRequest } from '@shop/contracts/ssr';
import { shellRendererReader } from './shellRenderer.js';
import { asksForPreview, PREVIEW_CACHE_CONTROL } from '../content/preview.js';
import { cacheForOrigin, publicOriginOf } from './publicOrigin.js';

export interface FrontendOptions {
  /** Repo root: `shell/dist` and `<remote>/dist` live below it. */
  rootDir: string;
  /** The registry now (it may change while the shop runs: REMOTES_FILE). */
  remotes: RemoteRegistry;
  /** The CSP directives of the site, given the hash sources of index.html's inline scripts. */
  csp?: (inlineScripts: string[]) => CspDirectives;
  /** The shop's public origin (PUBLIC_URL) for canonical and Open Graph URLs; default: the request's. */
  publicUrl?: string;
}

const CROSS_ORIGIN = 'cross-origin';

/** Build output names carry a content hash (`main.3f9a1c0b2d.js`): those never change and are cached for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const LONG_CACHE = 'public, max-age=31536000, immutable';

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? LONG_CACHE : 'no-cache';
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Reads index.html once and again only when the file changes (a rebuild while the server runs). */
function indexTemplateReader(file: string): () => string | null {
  let cached: { mtimeMs: number; size: number; text: string } | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, text: fs.readFileSync(file, 'utf8') };
    }
    return cached.text;
  };
}

function notBuilt(reply: FastifyReply, what: string, dir: string): FastifyReply {
  return reply
    .status(503)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(`${what} er ikke bygget ennå (${dir} mangler). Kjør «npm run build» eller «npm start».\n`);
}

export function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * An API request of a page loader, answered in this process (Fastify inject: no socket) with the shopper's session.
 * Params are written as axios writes them (arrays as `key[]`), so the routes see what the browser would send.
 */
function injectTransport(app: FastifyInstance, sessionCookie: string | null, csrfToken: string): RenderRequest['transport'] {
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrfToken };
  if (sessionCookie) headers.cookie = `${SESSION_COOKIE}=${sessionCookie}`;
  return async ({ method, url, params, data }) => {
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(params ?? {})) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) query[`${key}[]`] = value.map(String);
      else query[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
    const response = await app.inject({
      method: method.toUpperCase() as 'GET',
      url: `/api/v1${url}`,
      query,
      headers: data === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: data === undefined ? undefined : JSON.stringify(data),
    });
    const body = response.body === '' ? '' : (() => {
      try {
        return response.json() as unknown;
      } catch {
        return response.body;
      }
    })();
    return { status: response.statusCode, data: body };
  };
}

/** The server's own origin, for the remotes' entries the registry names relative to the site. */
function serverOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 80;
  return `http://127.0.0.1:${port}`;
}

export async function installFrontends(app: FastifyInstance, options: FrontendOptions): Promise<void> {
  const shellDist = path.join(options.rootDir, 'shell', 'dist');
  const readIndex = indexTemplateReader(path.join(shellDist, 'index.html'));
  const readRenderer = shellRendererReader(path.join(shellDist, 'server', 'main.cjs'), (message) => app.log.warn(message));
  /**
   * The CSP of a page: the hashes of the template's inline scripts (the same for every page) and this response's
   * nonce, which React's inline scripts carry and the checkout gives the payment snippet's bootstrap script.
   */
  const indexPolicy = (template: string, nonce: string): string | null =>
    options.csp ? serializeCsp(options.csp([...inlineScriptHashes(template), `'nonce-${nonce}'`])) : null;

  /** GET /categories' answer, through the route itself (so from the answer store while it is fresh); null if none. */
  const categories = async (): Promise<RawCategory[] | null> => {
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/categories', headers: { accept: 'application/json' } });
      return response.statusCode === 200 ? (response.json() as RawCategory[]) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'category tree for the document status skipped');
      return null;
    }
  };

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const template = readIndex();
    if (template === null) return notBuilt(reply, 'Nettbutikken', path.relative(options.rootDir, shellDist));
    let renderer;
    try {
      renderer = await readRenderer();
    } catch (error) {
      app.log.error({ err: error }, 'the shell\'s server build does not load');
      renderer = null;
    }
    if (renderer === null) return notBuilt(reply, 'Nettbutikkens server-rendering', path.relative(options.rootDir, path.join(shellDist, 'server')));
    const pathname = request.url.split(/[?#]/)[0];
    // The shop workspace: the document itself says 403 to anyone not signed in as workspace staff (the shell still
    // renders its no-access view from it), so no proxy, crawler or monitor takes it for a page of the shop.
    if (pathname === '/butikk' || pathname?.startsWith('/butikk/')) reply.status((await isFulfilmentSession(app.database.db, request)) ? 200 : 403);
    const tree = await categories();
    const canonical = categoryRedirect(request.url, tree);
    // Not cached: were a category renamed, a browser would otherwise keep following the old permanent redirect.
    if (canonical !== null) return reply.header('cache-control', 'no-store').redirect(canonical, 301);
    // An address that names no page of the shop says so (documentStatus.ts); the body is still the shell's page.
    if (reply.statusCode === 200) reply.status(await documentStatus(app, pathname ?? '/', tree));
    const session = await request.session.ensure();
    // A fresh nonce per response (pages are never cached: they carry the session's CSRF token too).
    const nonce = randomBytes(16).toString('base64');
    const url = pathname === '/index.html' ? '/' : request.url;
    const origin = publicOriginOf(options.publicUrl, request);
    // Pages are never cached (no-store below); without PUBLIC_URL they also say they vary with the host they name.
    if (origin.fromRequest) cacheForOrigin(reply, origin, 'no-store');
    const page = await renderer.renderPage({
      url,
      publicOrigin: origin.origin,
      remotes: options.remotes(),
      serverOrigin: serverOrigin(app),
      template,
      csrfToken: session.csrfToken,
      nonce,
      cookie: request.headers.cookie ?? '',
      signedIn: session.customerId !== null,
      userAgent: request.headers['user-agent'] ?? '',
      transport: injectTransport(app, await request.session.cookie(), session.csrfToken),
    });
    if (page.redirect) return reply.header('cache-control', 'no-store').redirect(page.redirect, 302);
    if (reply.statusCode === 200 && page.status !== 200) reply.status(page.status);
    const csp = indexPolicy(template, nonce);
    if (csp) reply.header('content-security-policy', csp);
    // A preview address may hold an editor's draft: one person's page, kept by no cache and indexed by no crawler
    // (the page's head says noindex too; the header also covers a 404 or a page whose loader failed).
    if (asksForPreview(request.query)) {
      return reply.header('cache-control', PREVIEW_CACHE_CONTROL).header('x-robots-tag', 'noindex, nofollow').type('text/html; charset=utf-8').send(page.body);
    }
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.body);
  };

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    // The build writes .br and .gz next to each text asset (scripts/build.mjs): served as they are, no compression
    // work per request (and brotli at its best quality, which on-the-fly compression cannot afford).
    preCompressed: true,
    // index.html must go through serveIndex (token + no-store); returning false makes it a 404 → fallback below.
    // A miss under /api is the API's JSON 404 straight away: it never looks at the file system (the static plugin
    // lists directories to check spelling, so unknown API paths would otherwise cost disk reads each).
    allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/api' && !pathName.startsWith('/api/'),
    setHeaders: (reply, file) => void reply.header('cache-control', cacheControlFor(file)),
  });

  for (const remote of REMOTE_APPS) {
    await app.register(fastifyStatic, {
      root: path.join(options.rootDir, remote.name, 'dist'),
      prefix: `/mf/${remote.name}/`,
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', CROSS_ORIGIN).header('cache-control', cacheControlFor(file));
      },
    });
  }

  const htmlRoute = { schema: { hide: true, response: { 200: Type.String(), 503: Type.String() } } };
  app.get('/', htmlRoute, serveIndex);
  app.get('/index.html', htmlRoute, serveIndex);

  app.get(
    '/remotes.json',
    {
      schema: {
        hide: true,
        response: { 200: Type.Record(Type.String(), Type.String()) },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', CROSS_ORIGIN)
        .send(options.remotes()),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      return reply.status(404).send({ message: TEXTS.routeNotFound });
    }
    const remote = REMOTE_APPS.find((r) => url.startsWith(`/mf/${r.name}/`));
    if (remote) {
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', CROSS_ORIGIN);
      const dist = path.join(options.rootDir, remote.name, 'dist');
      if (!fs.existsSync(dist)) return notBuilt(reply, remote.name, path.relative(options.rootDir, dist));
      return reply.status(404).type('text/plain; charset=utf-8').send('Fant ikke filen.\n');
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request) && !url.startsWith('/mf/')) {
      return serveIndex(request, reply);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Fant ikke filen.\n');
  });
}
