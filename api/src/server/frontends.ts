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
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Type } from 'typebox';
import { REMOTE_APPS, type RemotesConfig } from '../config.js';
import { TEXTS } from './errors.js';
import { inlineScriptHashes, serializeCsp, type CspDirectives } from './security.js';

export interface FrontendOptions {
  /** Repo root: `shell/dist` and `<remote>/dist` live below it. */
  rootDir: string;
  remotes: RemotesConfig;
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

export function renderIndex(template: string, csrfToken: string): string {
  return template.replace(CSRF_PLACEHOLDER, escapeAttribute(csrfToken));
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
  let policy: { template: string; header: string | null } | null = null;
  /** The CSP of index.html when it has inline scripts (their hashes added); null: the global header fits. */
  const indexPolicy = (template: string): string | null => {
    if (policy?.template !== template) {
      const hashes = options.csp ? inlineScriptHashes(template) : [];
      policy = { template, header: hashes.length && options.csp ? serializeCsp(options.csp(hashes)) : null };
    }
    return policy.header;
  };

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const template = readIndex();
    if (template === null) return notBuilt(reply, 'Nettbutikken', path.relative(options.rootDir, shellDist));
    const session = await request.session.ensure();
    const csp = indexPolicy(template);
    if (csp) reply.header('content-security-policy', csp);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderIndex(template, session.csrfToken));
  };

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
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
      setHeaders: (reply, file) => {
        reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', CROSS_ORIGIN).header('cache-control', cacheControlFor(file));
      },
    });
  }

  const htmlRoute = { schema: { hide: true, response: { 200: Type.String(), 503: Type.String() } } };
  app.get('/', htmlRoute, serveIndex);
  app.get('/index.html', htmlRoute, serveIndex);

  const remotes = options.remotes;
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
        .send(remotes),
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
