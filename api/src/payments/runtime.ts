/**
 * The payments machinery of one API process: provider adapters, background work (push handling after the answer,
 * the operations queue), and the sweep that every process runs on a timer — expire ended holds, run due provider
 * operations. Several processes may sweep at once: both steps claim rows with SKIP LOCKED (expiry.ts, operations.ts).
 *   PAYMENT_SWEEP_SECONDS  how often each process sweeps (default 15; 0 = never, for tests that sweep by hand)
 *   PAYMENT_RECONCILE_SECONDS  how often a sweep also compares payments with the providers' ledgers (reconcile.ts;
 *   default 3600, the first one an interval after start; 0 = never)
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { reservations } from '../db/schema.js';
import { STAND_IN_PREFIX, type PaymentsConfig } from './config.js';
import { expireDueReservations } from './expiry.js';
import { KlarnaProvider } from './klarna.js';
import { runDueOperations, type OperationContext } from './operations.js';
import { QliroProvider } from './qliro.js';
import { reconcilePayments, reconcileSeconds } from './reconcile.js';
import { checkoutOrderFor, recheckFraudReviews, syncPayment, type PaymentsContext } from './service.js';
import type { PaymentProvider, ProviderName } from './types.js';
import { publicUrlOf } from '../accounts/services.js';

export interface PaymentsRuntime {
  context: PaymentsContext;
  operations: OperationContext;
  provider(name: ProviderName): PaymentProvider;
  /** Runs work after the current answer; errors are logged. */
  background(work: () => Promise<unknown>): void;
  /** Expire ended holds, run the steps added with onSweep (the pickup sweep), then due operations, now. */
  sweep(): Promise<void>;
  /** Adds a step to every sweep (fulfilment/actions.ts sweepEndedPickups). */
  onSweep(step: () => Promise<unknown>): void;
  /** Resolves when no background work is left (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime;
  }
}

/** The runtime of the app serving a database (the routes plugin is encapsulated: tests and tools reach it here). */
const runtimes = new WeakMap<object, PaymentsRuntime>();
export const paymentsRuntimeOf = (database: object): PaymentsRuntime | undefined => runtimes.get(database);

export function sweepSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PAYMENT_SWEEP_SECONDS ?? 15);
  return Number.isFinite(n) && n >= 0 ? n : 15;
}

/** Builds the adapter for a provider: configured base URL, else this server's stand-in. */
export function providerFor(name: ProviderName, config: PaymentsConfig, selfOrigin: string): PaymentProvider {
  if (name === 'klarna') {
    return new KlarnaProvider({ ...config.klarna, baseUrl: config.klarna.baseUrl ?? `${selfOrigin}${STAND_IN_PREFIX.klarna}` });
  }
  return new QliroProvider({ ...config.qliro, baseUrl: config.qliro.baseUrl ?? `${selfOrigin}${STAND_IN_PREFIX.qliro}` });
}

export function createPaymentsRuntime(app: FastifyInstance, config: PaymentsConfig): PaymentsRuntime {
  const db = app.database.db;
  const log = app.log.child({ module: 'payments' });
  /** Where this process reaches itself (the stand-ins): its own listening socket. */
  const selfOrigin = () => {
    const address = app.server.address() as AddressInfo | string | null;
    if (address && typeof address === 'object') {
      const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host}:${address.port}`;
    }
    return `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  };
  const provider = (name: ProviderName) => providerFor(name, config, selfOrigin());
  const inFlight = new Set<Promise<unknown>>();
  const background = (work: () => Promise<unknown>) => {
    const p: Promise<unknown> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'payments background work failed'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  let kicked = false;
  const steps: Array<() => Promise<unknown>> = [];
  const reconcileMs = reconcileSeconds() * 1000;
  let reconciledAt = Date.now();
  const context: PaymentsContext = {
    db,
    log,
    // The order confirmation is queued with the payment (api/routes/index.ts decorates the app's one mailer).
    mailer: app.hasDecorator('mailer') ? app.mailer : undefined,
    publicUrl: publicUrlOf(),
    kick() {
      if (kicked) return;
      kicked = true;
      background(async () => {
        kicked = false;
        await runDueOperations(operations);
      });
    },
  };
  const operations: OperationContext = {
    db,
    log,
    provider,
    sync: (p, orderId) => syncPayment(context, p, orderId),
    checkoutOrder: async (reservationId) => {
      const [r] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
      return checkoutOrderFor(db, r!);
    },
  };
  const runtime: PaymentsRuntime = {
    context,
    operations,
    provider,
    background,
    async sweep() {
      const expired = await expireDueReservations(db);
      if (expired.length > 0) log.info({ reservations: expired }, 'holds ended: reservations expired and stock returned');
      for (const step of steps) await step();
      await runDueOperations(operations);
      await recheckFraudReviews(context, provider).catch((error: unknown) => log.error({ err: error }, 'fraud review re-check failed'));
      if (reconcileMs > 0 && Date.now() - reconciledAt >= reconcileMs) {
        reconciledAt = Date.now();
        await reconcilePayments(operations, { limit: 100, olderThanMs: reconcileMs }).catch((error: unknown) => log.error({ err: error }, 'reconciliation failed'));
      }
    },
    onSweep(step) {
      steps.push(step);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  runtimes.set(app.database, runtime);
  return runtime;
}
