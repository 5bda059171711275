/**
 * The Fastify application factory, shared by main.ts and the tests (`app.inject`).
 * Order matters: route table → security headers → cookies → sessions/CSRF → answer store → compression → the
 * answer store's compressed copies → OpenAPI → API routes → robots.txt and the sitemap → front ends + fallbacks.
 */
import { installPaymentStandIns } from '../payments/standins/index.js';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/index.js';
import { defaultRemotes, REPO_ROOT, type RemotesConfig, type TrustProxy } from '../config.js';
import { apiRoutes } from '../routes/index.js';
import { ErrorBody, installErrorHandling } from './errors.js';
import { installFrontends } from './frontends.js';
import { installInputGuards } from './input.js';
import { collectRoutes } from './route-table.js';
import { cspDirectives, installSecurityHeaders } from './security.js';
import { installCompressedAnswerStore, installHttpCache } from './httpCache.js';
import { installSessions } from './session.js';
import { remoteRegistry, type RemoteRegistry } from './remoteRegistry.js';
import { installSeo } from './seo/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileImageStore } from '../content/images/files.js';
import type { ImageStore } from '../content/images/store.js';

export interface AppOptions {
  database: Database;
  /** Repo root holding shell/dist and <remote>/dist (default: this checkout). */
  rootDir?: string;
  /** The remote registry: fixed, or live (remotesFileRegistry follows REMOTES_FILE). Default: the built-in one. */
  remotes?: RemotesConfig | RemoteRegistry;
  /** Production behind HTTPS (NODE_ENV=production): HSTS, upgrade-insecure-requests and Secure cookies. */
  production?: boolean;
  /** Redis shared by the API processes (cache invalidations); default REDIS_URL. */
  redisUrl?: string;
  /** Serve the OpenAPI docs (UI and JSON) at /api/docs (default: not in `production`; main.ts passes API_DOCS). */
  apiDocs?: boolean;
  /** Secure session cookie (default: `production`). */
  secureCookies?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The process's own logger (main.ts: log.ts) instead of one Fastify makes from `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Log every request (noisy: the front ends' assets are requests too). Default false. */
  logRequests?: boolean;
  /** Proxies whose X-Forwarded-For gives request.ip (TRUST_PROXY); default false: the socket peer is the client. */
  trustProxy?: TrustProxy;
  /**
   * The shop's public origin (PUBLIC_URL) for the absolute URLs of the sitemap, robots.txt and the pages' canonical
   * and Open Graph links; default: the request's (then those answers vary with Host and are not shared-cached).
   */
  publicUrl?: string;
  /** URLs per sitemap file (default the protocol's 50,000; tests page with fewer). */
  sitemapPageSize?: number;
  /**
   * Where uploaded content images are kept (main.ts: DATA_DIR/images or the S3 bucket, config.ts). Default: a
   * folder of the app's own under the system's temporary folder, removed when the app closes.
   */
  imageStore?: ImageStore;
}

export type App = FastifyInstance;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the nearest n addresses": Fastify 5 now trusts no
 * address for a bare number (it cannot check the nearest peer), which would silently ignore the setting;
 * docs/operations.md (`TRUST_PROXY`) says a hop count is only for processes that clients cannot reach except through
 * the proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(options: AppOptions): Promise<App> {
  // request.ip is the client every throttle counts under (accounts/throttle.ts): only believe configured proxies.
  const trustProxy = fastifyTrustProxy(options.trustProxy ?? false);
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    // A caller's X-Request-Id is kept as the log's request id, so a reported problem can be traced across services.
    requestIdHeader: 'x-request-id',
    trustProxy,
    // strictNumbers: false so that minimum/maximum also apply to "Infinity"/"1e309" coerced from text (with strict
    // numbers ajv skips the bounds of non-finite numbers); every numeric input has bounds (see server/input.ts).
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: true, strictNumbers: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { database } = options;
  const production = options.production ?? false;
  const remotes = remoteRegistry(options.remotes ?? defaultRemotes());
  app.decorate('database', database);
  app.decorate('imageStore', options.imageStore ?? temporaryImageStore(app));
  // First, so that every route of every plugin below is in the table.
  app.decorate('routeTable', collectRoutes(app));

  installErrorHandling(app);
  // The policy every response carries; index.html's own, the one that lets the page load remotes, is made per render
  // from the registry as it is then (below), so a remote moved to another origin while the shop runs is allowed.
  await installSecurityHeaders(app, { remotes: remotes(), production });
  await app.register(fastifyCookie);
  app.decorate('secureCookies', options.secureCookies ?? production);
  installSessions(app, { db: database.db, secure: app.secureCookies });
  installInputGuards(app);
  installHttpCache(app, { redisUrl: options.redisUrl ?? (process.env.REDIS_URL || undefined) });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs ~100 ms per MB of JS on this machine; 5 is nearly as small and fast.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    // API answers up to 64 kB are compressed synchronously (~0.3 ms for a 32 kB search page at quality 5). The
    // plugin's default on 2 cores is 8 kB, and the stream path's thread-pool hop added ~15 ms to a search answer on
    // this machine while the embedded database's worker was busy. (Set by the catalogue helper.)
    syncThreshold: 64 * 1024,
  });
  installCompressedAnswerStore(app);

  app.addSchema(ErrorBody);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Nettbutikk API',
        description:
          'The /api/v1 API of the shop. Answers use the legacy PascalCase shapes of @shop/contracts (RAW types); ' +
          'money is integer øre. Mutating calls need the X-CSRF-TOKEN header of the session (else 419). ' +
          'X-Requested-With: XMLHttpRequest is sent by the shop\'s client (SPEC §7) but not required: the token is the CSRF defence.',
        version: '1.0.0',
      },
      servers: [],
      components: {},
    },
    // Shared schemas keep their $id as the component name (ErrorBody) instead of def-0.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  // The spec stays built (app.swagger()); only serving it is optional. Without the UI, /api/docs is the API's 404.
  if (options.apiDocs ?? !production) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(apiRoutes, { prefix: '/api/v1' });
  await installPaymentStandIns(app); // local Klarna/Qliro stand-ins at /stand-in/* (payments/config.ts)
  await installSeo(app, { publicUrl: options.publicUrl, sitemapPageSize: options.sitemapPageSize }); // /robots.txt, /sitemap.xml
  await installFrontends(app, {
    rootDir: options.rootDir ?? REPO_ROOT,
    remotes,
    csp: (inlineScripts) => cspDirectives({ remotes: remotes(), production }, inlineScripts),
    publicUrl: options.publicUrl,
  });
  return app;
}

/** A file store in a fresh temporary folder that goes with the app (tests and tools that upload nothing to keep). */
function temporaryImageStore(app: FastifyInstance): ImageStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-images-'));
  app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
  return fileImageStore(dir);
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Uploaded content images (content/images/store.ts). */
    imageStore: ImageStore;
    /** Cookies the app sets are Secure (production behind HTTPS): the session's and the poll device's. */
    secureCookies: boolean;
  }
}
