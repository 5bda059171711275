/**
 * Payment configuration from the environment (read per app; pure for tests).
 *   KLARNA_BASE_URL   Klarna-type (Kustom) API base; default: this server's stand-in when it is mounted, else Kustom's
 *                     live host https://api.kustom.co (test: https://api.playground.kustom.co). Klarna Checkout moved
 *                     to Kustom: the *.klarna.com hosts stopped answering after 31 March 2026.
 *   KLARNA_USERNAME / KLARNA_PASSWORD   merchant API credentials (default `standin` / `standin`, what the stand-in expects)
 *   QLIRO_BASE_URL    Qliro One API base (e.g. https://pago.qit.nu); default: this server's stand-in
 *   QLIRO_API_KEY / QLIRO_API_SECRET    merchant key and secret (defaults for the stand-in)
 *   PAYMENT_STAND_INS `1` mounts the stand-ins, `0` does not; default: mounted unless NODE_ENV=production
 *   PUBLIC_URL        the shop's public origin for provider callbacks; required (https) under NODE_ENV=production,
 *                     elsewhere the default is the request's own origin
 */
import { parsePublicUrl } from '../config.js';

export interface PaymentsConfig {
  klarna: { baseUrl: string | null; username: string; password: string };
  qliro: { baseUrl: string | null; apiKey: string; apiSecret: string };
  standIns: boolean;
  /** Set in production (paymentsConfig throws ConfigError otherwise): then no URL is built from a request's Host. */
  publicUrl: string | null;
  /** Configuration that will not work (e.g. an old *.klarna.com host), logged at start-up. */
  warnings: string[];
}

export const STAND_IN_PREFIX = { klarna: '/stand-in/klarna', qliro: '/stand-in/qliro' } as const;

/** Kustom's documented API hosts for the Klarna Checkout v3 contract (same paths as Klarna's). */
export const KUSTOM_HOSTS = { live: 'https://api.kustom.co', playground: 'https://api.playground.kustom.co' } as const;

const trimSlash = (url: string | undefined) => (url ? url.replace(/\/+$/, '') : null);

export function paymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const standIns = env.PAYMENT_STAND_INS ? env.PAYMENT_STAND_INS === '1' : env.NODE_ENV !== 'production';
  const klarnaBase = trimSlash(env.KLARNA_BASE_URL) ?? (standIns ? null : KUSTOM_HOSTS.live);
  const warnings: string[] = [];
  if (klarnaBase && /(^|\.)klarna\.com$/i.test(safeHost(klarnaBase))) {
    warnings.push(`KLARNA_BASE_URL ${klarnaBase}: Klarna Checkout moved to Kustom (${KUSTOM_HOSTS.live}, ${KUSTOM_HOSTS.playground}); *.klarna.com stopped after 31 March 2026`);
  }
  return {
    klarna: { baseUrl: klarnaBase, username: env.KLARNA_USERNAME ?? 'standin', password: env.KLARNA_PASSWORD ?? 'standin' },
    qliro: { baseUrl: trimSlash(env.QLIRO_BASE_URL), apiKey: env.QLIRO_API_KEY ?? 'standin-key', apiSecret: env.QLIRO_API_SECRET ?? 'standin-secret' },
    standIns,
    publicUrl: parsePublicUrl(env) ?? null,
    warnings,
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
