/**
 * What the stand-ins share beyond the pay page: timing knobs (from the environment, so a test or a demo can make
 * Klarna push sooner) and the failure switch a test uses to make the next calls answer like an outage or an auth
 * error (POST {prefix}/_control/fail {status, times, code}).
 *   PAYMENT_STAND_IN_PUSH_DELAY_MS   delay before the stand-in's first push (default 1000; Klarna pushes after a while)
 *   PAYMENT_STAND_IN_CHECKOUT_TTL_MS how long an unpaid stand-in checkout lives (default 48 h, as Klarna's)
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface StandInOptions {
  /**
   * The origin the stand-in is served from when it plays a provider on a site of its own (tests of the CSP): its
   * snippet then names its pages absolutely, as the real providers' do. Unset: mounted in the shop, site-relative.
   */
  origin?: string;
}

export interface StandInTiming {
  pushDelayMs: number;
  pushAttempts: number;
  checkoutTtlMs: number;
}

export function standInTiming(env: NodeJS.ProcessEnv = process.env): StandInTiming {
  const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : fallback);
  return {
    pushDelayMs: num(env.PAYMENT_STAND_IN_PUSH_DELAY_MS, 1000),
    pushAttempts: 5,
    checkoutTtlMs: num(env.PAYMENT_STAND_IN_CHECKOUT_TTL_MS, 48 * 60 * 60 * 1000),
  };
}

export interface FailureSwitch {
  /** Answers the request with the armed failure and returns true, or returns false (serve normally). */
  failed(reply: FastifyReply, shape: (code: string, correlationId: string) => unknown): boolean;
}

/** Registers POST _control/fail on the stand-in and returns the switch its API routes consult. */
export function failureSwitch(app: FastifyInstance): FailureSwitch {
  let armed: { status: number; times: number; code: string } | null = null;
  app.post('/_control/fail', async (request) => {
    // The Qliro stand-in parses JSON as {raw, json} (its token hashes the raw body).
    const parsed = (request.body ?? {}) as { json?: unknown };
    const body = (parsed.json ?? parsed) as { status?: number; times?: number; code?: string };
    const status = Number(body.status);
    armed = status >= 400 && status <= 599 ? { status, times: Math.max(1, Math.min(100, Number(body.times) || 1)), code: String(body.code ?? 'STAND_IN_FAILURE') } : null;
    return { armed };
  });
  return {
    failed(reply, shape) {
      if (!armed) return false;
      const { status, code } = armed;
      armed.times -= 1;
      if (armed.times <= 0) armed = null;
      void reply.status(status).send(shape(code, randomUUID()));
      return true;
    },
  };
}

/** POSTs with retries and a doubling delay until the receiver answers `accepted`; never throws. */
export function pushWithRetries(
  send: () => Promise<Response>,
  accepted: (res: Response, text: string) => boolean,
  delayMs: number,
  attempts: number,
): void {
  const attempt = async (n: number) => {
    let ok = false;
    try {
      const res = await send();
      ok = accepted(res, await res.text());
    } catch {
      ok = false;
    }
    if (!ok && n + 1 < attempts) setTimeout(() => void attempt(n + 1), Math.max(50, delayMs) * 2 ** n).unref();
  };
  setTimeout(() => void attempt(0), delayMs).unref();
}
