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
 *   blog images may live on a CDN, see content/sanitize.ts safeSrc). connect-src: this origin and the remotes'; outside
 *   production also the remotes' WebSocket origins (ws:// for http://): a remote's dev server named in the registry
 *   (docs/development.md) pushes its hot updates over a socket to its own origin, which an http:
 *   source does not cover.
 * - The payment providers' checkout (paymentOrigins): the origins of the providers configured by URL
 *   (KLARNA_BASE_URL — Kustom's by default in production — and QLIRO_BASE_URL), each with its site's subdomains
 *   (a snippet loads its script from e.g. js.kustom.co while the API is api.kustom.co), plus PAYMENT_CHECKOUT_ORIGINS,
 *   go into script-src, frame-src, connect-src and style-src. The snippet starts with an inline bootstrap script:
 *   index.html's policy carries a per-response nonce (frontends.ts), which the checkout puts on the re-created
 *   snippet scripts (mf-cart-checkout HtmlSnippet). frame-src 'self' stays for the stand-ins' pay page. frame-ancestors 'self' and
 *   X-Frame-Options SAMEORIGIN: the shop cannot be framed by another site (clickjacking). object-src 'none',
 *   base-uri 'self', form-action 'self'.
 * - Production (NODE_ENV=production, served over HTTPS): HSTS for a year and upgrade-insecure-requests. Neither is
 *   sent in development: both would break http://localhost.
 * - Cross-Origin-Resource-Policy same-origin by default; the remotes' assets and /remotes.json say cross-origin
 *   (frontends.ts), because a shell on another origin must be able to load them.
 *
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
  /** Payment providers' origins (scripts, frames, requests, styles of their snippets); default: paymentOrigins(). */
  frameOrigins?: string[];
}

/**
 * The origins a configured payment provider's checkout snippet uses: each configured base URL's origin and, for a
 * DNS name, every subdomain of its site (`https://*.kustom.co` for api.kustom.co: the snippet's script and frame
 * come from other hosts of the provider than its API), plus PAYMENT_CHECKOUT_ORIGINS (space-separated). Without a
 * URL the provider is this server's stand-in ('self').
 */
export function paymentOrigins(config: PaymentsConfig = paymentsConfig(), env: NodeJS.ProcessEnv = process.env): string[] {
  const origins = new Set<string>();
  for (const base of [config.klarna.baseUrl, config.qliro.baseUrl]) {
    if (!base) continue;
    try {
      const url = new URL(base);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
      origins.add(url.origin);
      const labels = url.hostname.split('.');
      const isName = labels.length >= 2 && !/^\d+$/.test(labels.at(-1)!) && !url.hostname.includes(':');
      if (isName) origins.add(`${url.protocol}//*.${labels.slice(-2).join('.')}`);
    } catch {
      // not a URL: the payment client reports it when used
    }
  }
  for (const extra of (env.PAYMENT_CHECKOUT_ORIGINS ?? '').split(/\s+/)) {
    if (/^https?:\/\/[A-Za-z0-9.*:[\]-]+$/.test(extra)) origins.add(extra);
  }
  return [...origins].sort();
}

/** Kept for callers of the old name: the payment origins are also what the checkout frames. */
export const paymentFrameOrigins = paymentOrigins;

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

/** The WebSocket origin of each remote origin (`http://localhost:3001` → `ws://localhost:3001`). */
export function remoteSockets(origins: string[]): string[] {
  return origins.map((origin) => origin.replace(/^http(s?):/, 'ws$1:'));
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
  const providers = options.frameOrigins ?? paymentOrigins();
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...remotes, ...providers, ...inlineScripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes, ...providers],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes, ...providers],
    'connect-src': ["'self'", ...remotes, ...(options.production ? [] : remoteSockets(remotes)), ...providers],
    'frame-src': ["'self'", ...providers],
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
