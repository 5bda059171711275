/**
 * Security headers for everything the process serves (helmet), tuned to what the site really loads:
 *
 * - script-src: this origin, the origins of the remotes in /remotes.json (Module Federation's runtime loads each
 *   remote's manifest with fetch and its remoteEntry.js and chunks with <script>), and the SHA-256 of any inline
 *   script in the shell's index.html (added per render by frontends.ts; the built index.html has none today). No
 *   'unsafe-inline', no 'unsafe-eval' (neither rspack's production output nor the MF runtime needs eval).
 * - style-src: this origin and the remotes' (extracted CSS chunks) plus 'unsafe-inline': index.html holds the theme
 *   tokens in a <style>, the stand-in pay pages and the docs UI use style attributes, and the payment providers'
 *   snippets set inline styles. Inline styles cannot run code; scripts stay strict.
 * - img-src: this origin (the API's generated images), data: URIs, and any https: image (editor-set banners and
 *   blog images may live on a CDN, see content/sanitize.ts safeSrc). connect-src: this origin and the remotes'.
 * - frame-src 'self' (the payment stand-ins' pay page) and the origins of payment providers configured by URL
 *   (KLARNA_BASE_URL / QLIRO_BASE_URL: their snippets frame the pay page from there). frame-ancestors 'self' and
 *   X-Frame-Options SAMEORIGIN: the shop cannot be framed by another site (clickjacking). object-src 'none',
 *   base-uri 'self', form-action 'self'.
 * - Production (NODE_ENV=production, served over HTTPS): HSTS for a year and upgrade-insecure-requests. Neither is
 *   sent in development: both would break http://localhost.
 * - Cross-Origin-Resource-Policy same-origin by default; the remotes' assets and /remotes.json say cross-origin
 *   (frontends.ts), because a shell on another origin must be able to load them.
 *
 * Known limit: real Klarna/Qliro snippets (not the stand-ins) load scripts and frames from the providers' own
 * origins and carry an inline bootstrap script; those sources must be added here before going live with them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { RemotesConfig } from '../config.js';
import { paymentsConfig, type PaymentsConfig } from '../payments/config.js';

export interface SecurityOptions {
  remotes: RemotesConfig;
  /** Served over HTTPS in production: HSTS and upgrade-insecure-requests. */
  production: boolean;
  /** Origins the checkout may frame besides this one; default: the configured payment providers' (paymentFrameOrigins). */
  frameOrigins?: string[];
}

/**
 * The origins of the payment providers configured by URL (KLARNA_BASE_URL, QLIRO_BASE_URL): a provider's checkout
 * snippet frames its pay page from there. Without a URL the provider is this server's stand-in ('self').
 */
export function paymentFrameOrigins(config: PaymentsConfig = paymentsConfig()): string[] {
  const origins = new Set<string>();
  for (const base of [config.klarna.baseUrl, config.qliro.baseUrl]) {
    if (!base) continue;
    try {
      const url = new URL(base);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // not a URL: the payment client reports it when used
    }
  }
  return [...origins].sort();
}

/** The distinct origins of the remotes' absolute manifest URLs (site-relative ones are this origin: 'self'). */
export function remoteOrigins(remotes: RemotesConfig): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(remotes)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue; // site-relative ("/mf/…"): covered by 'self'
    }
    if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
  }
  return [...origins].sort();
}

/** `'sha256-…'` sources for every inline <script> (one without src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export type CspDirectives = Record<string, string[]>;

export function cspDirectives(options: SecurityOptions, inlineScripts: string[] = []): CspDirectives {
  const remotes = remoteOrigins(options.remotes);
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...remotes, ...inlineScripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes],
    'frame-src': ["'self'", ...(options.frameOrigins ?? paymentFrameOrigins())],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
  if (options.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}

export const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Helmet's middleware, built once and run on every request. (@fastify/helmet built a new middleware per request:
 * parsing every directive again, ~15 µs and ~17 kB of garbage per request; a quarter of a cached page's time.)
 */
export async function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: options.production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    frameguard: { action: 'sameorigin' },
    // Payment providers may open pop-ups (bank ID) that talk back to the checkout window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // The browsers' default: providers and the shop's own pages see the origin, never full URLs of other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
