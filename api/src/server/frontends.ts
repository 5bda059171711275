/**
 * Serving the built front ends from the API process (TEAM.md "Serving layout"):
 *   /                  shell/dist (index.html gets the session's CSRF token; never cached)
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
import { desc, eq } from 'drizzle-orm';
import { isFulfilmentSession } from '../fulfilment/access.js';
import type { RawBanner, RawCategory } from '@shop/contracts/types';
import { REMOTE_APPS, type RemotesConfig } from '../config.js';
import type { RemoteRegistry } from './remoteRegistry.js';
import { homeLayouts, tenantSettings } from '../db/schema.js';
import { categoryNameTree, withCanonicalSettingsLinks } from '../routes/categories/links.js';
import { settingsFromSlots } from '../routes/settings/index.js';
import { tenantFromRows } from '../routes/tenant/index.js';
import { categoryRedirect } from './categoryRedirect.js';
import { TEXTS } from './errors.js';
import { categoryOfPath, consentGiven, firstViewHtml, withFirstView } from './firstView.js';
import { documentStatus } from './documentStatus.js';
import { firstSearchImages, searchImagePreloads, searchImagesOfAnswer, searchQueryOfUrl } from './searchPreload.js';
import { firstViewAnswers, firstViewPage, searchListingAnswer } from './firstViewAnswers.js';
import { inlineScriptHashes, serializeCsp, type CspDirectives } from './security.js';

export interface FrontendOptions {
  /** Repo root: `shell/dist` and `<remote>/dist` live below it. */
  rootDir: string;
  /** The registry now (it may change while the shop runs: REMOTES_FILE). */
  remotes: RemoteRegistry;
  /** The CSP directives of the site, given the hash sources of index.html's inline scripts. */
  csp?: (inlineScripts: string[]) => CspDirectives;
}

const CROSS_ORIGIN = 'cross-origin';

const CSRF_PLACEHOLDER = /__CSRF_TOKEN__/g;
/** Build output names carry a content hash (`main.3f9a1c0b2d.js`): those never change and are cached for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const LONG_CACHE = 'public, max-age=31536000, immutable';

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? LONG_CACHE : 'no-cache';
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the session's CSRF token and, before </head>, the page's start-up hints: the remote registry
 * (window.__SHOP_REMOTES__, the same document /remotes.json answers: the shell then needs no round trip for it) and
 * preloads (the home page's top banner, its LCP element).
 */
export function renderIndex(template: string, csrfToken: string, head = ''): string {
  const html = template.replace(CSRF_PLACEHOLDER, escapeAttribute(csrfToken));
  if (!head) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${head}${html.slice(at)}`;
}

/** JSON inside <script>: no `</script>` or `<!--` can close or comment it out. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function remotesScript(remotes: RemotesConfig): string {
  return `<script>window.__SHOP_REMOTES__=${scriptJson(remotes)}</script>`;
}

/** The brand configuration (GET /tenant/get's answer) for the chrome's first render: the header never switches layout. */
export function tenantScript(tenant: unknown): string {
  return tenant ? `<script>window.__SHOP_TENANT__=${scriptJson(tenant)}</script>` : '';
}

/**
 * The published home layout (what GET /home answers) on the home page itself: mf-content's home page renders its
 * banners without waiting for a request (it reads window.__SHOP_HOME__ once; later visits fetch GET /home).
 */
export function homeScript(layout: unknown): string {
  return layout ? `<script>window.__SHOP_HOME__=${scriptJson(layout)}</script>` : '';
}

/** GET /categories' answer for the menu and the catalogue's first render (shared-contracts api/catalog.ts). */
export function categoriesScript(categories: unknown): string {
  return categories ? `<script>window.__SHOP_CATEGORIES__=${scriptJson(categories)}</script>` : '';
}

/** The answers of the page's first API requests (firstViewAnswers.ts; the client: shared-contracts api/firstAnswers.ts). */
export function answersScript(answers: readonly unknown[]): string {
  return answers.length ? `<script>window.__SHOP_ANSWERS__=${scriptJson(answers)}</script>` : '';
}

/**
 * `<meta name="shop-customer" content="none">` when the session has no customer: with nothing stored in the browser
 * either, the shell loads its start-up models when the visit first needs them, not with the first view
 * (shell/src/federation/startupPolicy.ts). Says nothing about who a customer is.
 */
export function customerHint(customerId: number | null | undefined): string {
  return customerId == null ? '<meta name="shop-customer" content="none">' : '';
}

/** Preload of the home page's top banner (mobile variant below the mobile breakpoint, 1020 px, as <picture> picks). */
export function bannerPreloads(banner: { Image?: string | null; ImageMobile?: string | null } | null | undefined): string {
  if (!banner?.Image) return '';
  const link = (href: string, media: string) =>
    `<link rel="preload" as="image" href="${escapeAttribute(href)}" media="${media}" fetchpriority="high">`;
  if (!banner.ImageMobile) return link(banner.Image, 'all');
  return link(banner.ImageMobile, '(max-width: 1019px)') + link(banner.Image, '(min-width: 1020px)');
}

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

export async function installFrontends(app: FastifyInstance, options: FrontendOptions): Promise<void> {
  const shellDist = path.join(options.rootDir, 'shell', 'dist');
  const readIndex = indexTemplateReader(path.join(shellDist, 'index.html'));
  /**
   * The CSP of a rendered index.html: the hashes of its inline scripts and this response's nonce, which the
   * checkout gives the payment snippet's inline bootstrap script (read from <meta name="csp-nonce">).
   */
  const indexPolicy = (html: string, nonce: string): string | null =>
    options.csp ? serializeCsp(options.csp([...inlineScriptHashes(html), `'nonce-${nonce}'`])) : null;

  /** The published home layout (GET /home's answer), for the home page; none when there is none (or no database). */
  const homeLayout = async () => {
    try {
      const [row] = await app.database.db
        .select({ slots: homeLayouts.slots })
        .from(homeLayouts)
        .where(eq(homeLayouts.published, true))
        .orderBy(desc(homeLayouts.updatedAt))
        .limit(1);
      return row ? settingsFromSlots(row.slots) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'home layout hints skipped');
      return null;
    }
  };

  const tenant = async () => {
    try {
      const rows = await app.database.db.select({ key: tenantSettings.key, value: tenantSettings.value }).from(tenantSettings);
      return tenantFromRows(rows);
    } catch (error) {
      app.log.warn({ err: error }, 'inline tenant skipped');
      return null;
    }
  };

  /** GET /categories' answer, through the route itself (so from the answer store while it is fresh); null if none. */
  const categories = async (): Promise<RawCategory[] | null> => {
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/categories', headers: { accept: 'application/json' } });
      return response.statusCode === 200 ? (response.json() as RawCategory[]) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'inline categories skipped');
      return null;
    }
  };

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const template = readIndex();
    if (template === null) return notBuilt(reply, 'Nettbutikken', path.relative(options.rootDir, shellDist));
    const pathname = request.url.split(/[?#]/)[0];
    // The shop workspace: the document itself says 403 to anyone not signed in as workspace staff (the shell still
    // renders its no-access view from it), so no proxy, crawler or monitor takes it for a page of the shop.
    if (pathname === '/butikk' || pathname?.startsWith('/butikk/')) reply.status((await isFulfilmentSession(app.database.db, request)) ? 200 : 403);
    const [brand, tree] = await Promise.all([tenant(), categories()]);
    const canonical = categoryRedirect(request.url, tree);
    // Not cached: were a category renamed, a browser would otherwise keep following the old permanent redirect.
    if (canonical !== null) return reply.header('cache-control', 'no-store').redirect(canonical, 301);
    // An address that names no page of the shop says so (documentStatus.ts); the body is still the shell's page.
    if (reply.statusCode === 200) reply.status(await documentStatus(app, pathname ?? '/', tree));
    const session = await request.session.ensure();
    // A fresh nonce per response (index.html is never cached: it carries the session's CSRF token too).
    const nonce = randomBytes(16).toString('base64');
    let head = `<meta name="csp-nonce" content="${nonce}">` + remotesScript(options.remotes()) + tenantScript(brand) + categoriesScript(tree) + customerHint(session.customerId);
    let banner: RawBanner | null | undefined = null;
    let category: RawCategory | null = null;
    let searchImages: string[] = [];
    if (pathname === '/' || pathname === '/index.html') {
      const stored = await homeLayout();
      // Category links in canonical form (ADR 0014), from the tree this page already has (no extra reads).
      const layout = stored && tree ? withCanonicalSettingsLinks(stored, categoryNameTree(tree)) : stored;
      head += homeScript(layout) + bannerPreloads(layout?.TopBanner);
      banner = layout?.TopBanner;
    } else {
      category = categoryOfPath(pathname, tree);
      const query = searchQueryOfUrl(request.url);
      const page = firstViewPage(request.url, category, query);
      const answers =
        page === null ? [] : await firstViewAnswers(app, page, { sessionCookie: await request.session.cookie(), csrfToken: session.csrfToken });
      if (query !== null) {
        // The page's first search is among the answers: its first hits' images need no second search.
        searchImages = searchImagesOfAnswer(searchListingAnswer(answers, query)?.data) ?? (await firstSearchImages(app.database.db, query));
      }
      head += searchImagePreloads(searchImages) + answersScript(answers);
    }
    // What the shopper sees before the scripts run (the LCP element on the home and category pages): firstView.ts.
    const consent = consentGiven(request.headers.cookie);
    const firstView = firstViewHtml({ consentGiven: consent, tenant: brand, banner, category, searchImages });
    const html = withFirstView(renderIndex(template, session.csrfToken, head), firstView);
    // The page's inline scripts change per request (registry, tenant, home layout): the CSP names their hashes.
    const csp = indexPolicy(html, nonce);
    if (csp) reply.header('content-security-policy', csp);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
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
