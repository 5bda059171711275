/**
 * What the stand-ins share beyond the pay page: timing knobs (from the environment, so a test or a demo can make
 * Klarna push sooner) and the failure switch a test uses to make the next calls answer like an outage or an auth
 * error (POST {prefix}/_control/fail {status, times, code}).
 *   PAYMENT_STAND_IN_PUSH_DELAY_MS   delay before the stand-in's first push (default 1000; Klarna pushes after a while)
 *   PAYMENT_STAND_IN_CHECKOUT_TTL_MS how long an unpaid stand-in checkout lives (default 48 h, as Klarna's)
 * and the seeded fault switch of the fault suite (POST {prefix}/_control/faults, faultSwitch below).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mulberry32 } from '../../seed/prng.js';

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

/**
 * The seeded fault switch of the fault suite (POST {prefix}/_control/faults; `{}` clears). Every rate is 0..1 and is
 * drawn from one mulberry32(seed) stream in request order, so a seed replays the same faults for the same calls.
 * Applies to order-management (admin) calls and to order-management notifications / pushes only.
 */
export interface FaultSettings {
  seed: number;
  /** Do the work, then destroy the socket without an answer (the client sees a network error, as after a timeout). */
  lostAnswerRate: number;
  /** Answer 500/503 in the provider's error shape without doing the work. */
  serverErrorRate: number;
  /** Qliro: 400 OPERATION_NOT_SUPPORTED "another transaction is already in process"; Kustom: 503. No work done. */
  busyRate: number;
  /** Qliro only: the call is received (transaction Created/Pending) but the notification says Error; nothing done. */
  errorResultRate: number;
  /** Never send the notification / push. */
  dropNotificationRate: number;
  /** Extra delay before a notification / push, drawn uniformly from [min, max]; null: the stand-in's own timing. */
  notificationDelayMs: [number, number] | null;
}

/** What one admin call draws: several may be true; the stand-in applies serverError, then busy, before any work. */
export interface AdminFaults {
  serverError: boolean;
  busy: boolean;
  lostAnswer: boolean;
  errorResult: boolean;
}

/** How many times each fault was applied (GET _control/faults). */
export interface FaultHits {
  serverError: number;
  busy: number;
  lostAnswer: number;
  /** Counted by the Qliro stand-in where it applies it (Kustom has no late results). */
  errorResult: number;
  droppedNotification: number;
  delayedNotification: number;
}

export interface FaultSwitch {
  readonly settings: FaultSettings;
  readonly hits: FaultHits;
  /** Draws the faults of one admin call (always four draws, in this order: serverError, busy, lostAnswer, errorResult). */
  admin(): AdminFaults;
  /** Draws one notification's fate (always two draws: drop, then delay). delayMs null: no extra delay configured. */
  notification(): { drop: boolean; delayMs: number | null };
  /** Sets (or with `{}` clears) the faults, as POST _control/faults does. Returns the settings in force. */
  configure(body: unknown): FaultSettings;
}

/** The fault draws use the seed's PRNG (a tiny seeded generator giving floats in [0, 1)); re-exported for the suite. */
export { mulberry32 };

const NO_FAULTS: FaultSettings = {
  seed: 1,
  lostAnswerRate: 0,
  serverErrorRate: 0,
  busyRate: 0,
  errorResultRate: 0,
  dropNotificationRate: 0,
  notificationDelayMs: null,
};

/** Reads a _control/faults body; anything missing or out of range is 0 / none (so `{}` clears). */
export function parseFaultSettings(body: unknown): FaultSettings {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const rate = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
  const delay = b.notificationDelayMs;
  let notificationDelayMs: [number, number] | null = null;
  if (Array.isArray(delay) && delay.length === 2 && delay.every((d) => typeof d === 'number' && Number.isFinite(d) && d >= 0)) {
    const [min, max] = delay as [number, number];
    notificationDelayMs = [Math.min(min, max), Math.max(min, max)];
  }
  return {
    seed: typeof b.seed === 'number' && Number.isFinite(b.seed) ? Math.trunc(b.seed) : NO_FAULTS.seed,
    lostAnswerRate: rate(b.lostAnswerRate),
    serverErrorRate: rate(b.serverErrorRate),
    busyRate: rate(b.busyRate),
    errorResultRate: rate(b.errorResultRate),
    dropNotificationRate: rate(b.dropNotificationRate),
    notificationDelayMs,
  };
}

/** The switch itself, without routes (for a stand-in that registers its own, or a unit test). */
export function createFaultSwitch(): FaultSwitch {
  let settings = NO_FAULTS;
  const hits: FaultHits = { serverError: 0, busy: 0, lostAnswer: 0, errorResult: 0, droppedNotification: 0, delayedNotification: 0 };
  let random = mulberry32(settings.seed);
  // A rate of 0 never fires and a rate of 1 always does, whatever the draw; the draw is taken anyway so that the
  // stream stays aligned with the request order whichever rates are set.
  const hit = (r: number) => {
    const x = random();
    return r >= 1 || x < r;
  };
  return {
    get settings() {
      return settings;
    },
    hits,
    admin() {
      const drawn = { serverError: hit(settings.serverErrorRate), busy: hit(settings.busyRate), lostAnswer: hit(settings.lostAnswerRate), errorResult: hit(settings.errorResultRate) };
      // Counted as the stand-ins apply them: a server error or busy answer ends the call before anything else.
      if (drawn.serverError) hits.serverError++;
      else if (drawn.busy) hits.busy++;
      else if (drawn.lostAnswer) hits.lostAnswer++;
      return drawn;
    },
    notification() {
      const drop = hit(settings.dropNotificationRate);
      const x = random();
      const d = settings.notificationDelayMs;
      const delayMs = d ? Math.round(d[0] + x * (d[1] - d[0])) : null;
      if (drop) hits.droppedNotification++;
      else if (delayMs) hits.delayedNotification++;
      return { drop, delayMs };
    },
    configure(body) {
      settings = parseFaultSettings(body);
      random = mulberry32(settings.seed);
      return settings;
    },
  };
}

/**
 * Registers POST _control/faults on the stand-in and returns the switch its admin routes consult. The ledger route
 * (GET _control/orders/:orderId/ledger) is the stand-in's own: only it knows its truth.
 */
export function faultSwitch(app: FastifyInstance): FaultSwitch {
  const faults = createFaultSwitch();
  // How often each fault was applied since the stand-in started (the fault suite reports them).
  app.get('/_control/faults', async () => ({ faults: faults.settings, hits: faults.hits }));
  app.post('/_control/faults', async (request) => {
    // The Qliro stand-in parses JSON as {raw, json} (its token hashes the raw body).
    const parsed = (request.body ?? {}) as { json?: unknown; raw?: unknown };
    return { faults: faults.configure(typeof parsed.raw === 'string' ? parsed.json : parsed) };
  });
  return faults;
}

/**
 * Ends a request without an answer after the work is done (lostAnswerRate): the client sees the connection close,
 * as after a timeout. Return the result of this from the handler.
 */
export function loseAnswer(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.socket?.destroy();
  return reply;
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
