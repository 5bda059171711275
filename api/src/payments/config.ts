/**
 * Payment configuration from the environment (read per app; pure for tests).
 *   KLARNA_BASE_URL   Klarna API base (e.g. https://api.playground.klarna.com); default: this server's stand-in
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
}

export const STAND_IN_PREFIX = { klarna: '/stand-in/klarna', qliro: '/stand-in/qliro' } as const;

const trimSlash = (url: string | undefined) => (url ? url.replace(/\/+$/, '') : null);

export function paymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const standIns = env.PAYMENT_STAND_INS ? env.PAYMENT_STAND_INS === '1' : env.NODE_ENV !== 'production';
  return {
    klarna: { baseUrl: trimSlash(env.KLARNA_BASE_URL), username: env.KLARNA_USERNAME ?? 'standin', password: env.KLARNA_PASSWORD ?? 'standin' },
    qliro: { baseUrl: trimSlash(env.QLIRO_BASE_URL), apiKey: env.QLIRO_API_KEY ?? 'standin-key', apiSecret: env.QLIRO_API_SECRET ?? 'standin-secret' },
    standIns,
    publicUrl: parsePublicUrl(env) ?? null,
  };
}
