/**
 * The randomized payments fault suite's harness (issue: "pay → hand over part or all → refund part" under faults).
 *
 * Per database: the provider stand-ins run in a server of their own (standins-server.ts: they survive the API's
 * kills), one or two real API processes (api/src/main.ts) point at them (KLARNA_BASE_URL / QLIRO_BASE_URL,
 * PAYMENT_STAND_INS=0) and get their pushes through PUBLIC_URL (one process: its fixed origin; two: a round-robin
 * proxy in this process that skips a dead one). Many seeded runs are in flight at once; each is a shopper and a staff
 * member over real HTTP:
 *   reserve (click-and-collect) → open the checkout (Kustom or Qliro by seed) → "Betal" on the stand-in's page → wait
 *   until paid → "Klar til henting" → hand over all, part, or nothing (the pickup window ends: the sweep's "Ikke
 *   hentet") → refund part (or not) → wait until no operation is queued/sent → check against the stand-in's ledger.
 *   A run still retrying when its settle window ends (a streak of faults outlasting it) waits for the calm: once no
 *   run is taking steps, faults and kills stop, and it must settle within the same window (RunContext.calm). The
 *   summary names those seeds; more than 5 % of the runs waiting fails the suite (the queue stalls under faults).
 * Meanwhile the stand-ins lose answers after doing the work, answer 5xx or "busy", report errors later, delay or drop
 * notifications (POST _control/faults, rates per batch from the batch's seed), and the API processes are SIGKILLed at
 * seeded moments and restarted on the same port.
 *
 * A run's seed fixes its provider, lines, hand-over and refund, and its batch's fault rates; the exact fault draws and
 * kill moments depend on how the runs in flight interleave. A failing seed is replayed alone with
 * PAYMENT_FAULT_ONLY=<seed> (same choices, its own draws and rates), its batch with PAYMENT_FAULT_FIRST_SEED=<batch>
 * PAYMENT_FAULT_SEEDS=50 (same rates, the kills at their moments; the interleaving differs).
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../../../src/payments/standins/control.js';
import { REPO_ROOT } from '../../../src/config.js';
import { makeShellTree } from '../../accounts/browser.js';
import { createServerDatabase } from '../../support/databases.js';
import { Client, freePort, stopApi, waitHealthy, type ApiProcess } from '../../support/process.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface FaultSuiteOptions {
  kind: DatabaseKind;
  seeds: number[];
  /** API processes on the one database (PostgreSQL: 2; PGlite: 1, its data directory admits one). */
  processes: number;
  /** Runs in flight at once. */
  concurrency: number;
  /** Runs per fault setting: the stand-ins' rates change every `batchSize` runs (from that batch's first seed). */
  batchSize: number;
  /** The pickup window (s): a run that hands over nothing waits for it to end ("Ikke hentet" by the sweep). */
  pickupSeconds: number;
  /** How long a run's operations may take to settle after its last step before the run fails (ms). */
  settleMs: number;
  /** 0: no kills. Else a kill is considered every 5–15 s of uptime (by batch seed) with this probability. */
  killProbability: number;
  log: (line: string) => void;
}

export interface RunResult {
  seed: number;
  provider: 'klarna' | 'qliro';
  handover: 'all' | 'part' | 'none';
  refund: 'none' | 'part';
  outcome: 'confirmed' | 'refused' | 'unknown-to-staff' | 'unpaid' | 'no-stock';
  reservationId: number | null;
  operations: Array<{ id: number; kind: string; state: string; amount: number | null; lastError: string | null; attempts?: number; providerRef?: string | null; createdAt?: string }>;
  problems: string[];
  /** (ean@shop) → units that left the shop with the customer. */
  handed: Map<string, number>;
  touched: string[];
}

export interface FaultSuiteSummary {
  kind: DatabaseKind;
  runs: number;
  ms: number;
  kills: number;
  operations: Record<string, Record<string, number>>;
  outcomes: Record<string, number>;
  failures: Array<{ seed: number; problems: string[] }>;
  /** Problems no single run owns (stock, the stand-ins, start-up). */
  global: string[];
  notes: string[];
  line: string;
  /** Per stand-in: how often each fault was applied. */
  faultHits: Record<string, Record<string, number>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const UNSETTLED = new Set(['queued', 'sent', 'running']);
const NEEDS_STAFF = new Set(['unknown', 'failed', 'refused']);
/** Statuses of @shop/contracts RESERVATION_STATUSES the runs go through. */
const ST: Record<'paid' | 'ready' | 'collected' | 'notCollected' | 'refunded' | 'cancelled', number> = { paid: 3, ready: 4, collected: 5, notCollected: 7, refunded: 8, cancelled: 9 };

/**
 * A run's random stream: mulberry32 of the seed passed through murmur3's finaliser first (mulberry32's FIRST draws of
 * neighbouring seeds are close: seeds 1–6 all drew above 0.5, i.e. all Qliro).
 */
export function seedRng(seed: number): () => number {
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return mulberry32((h ^ (h >>> 16)) >>> 0);
}

// ---------------------------------------------------------------------------------------------------- processes

interface Slot {
  port: number;
  api: ApiProcess | null;
  /** Resolves when the slot's process is healthy again (after a kill). */
  up: Promise<void>;
  alive: boolean;
}

function spawnApi(port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.PAYMENT_FAULT_API_LOG ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Only the tail: a long run's warnings would otherwise grow without bound.
  const keep = (d: Buffer) => {
    output = (output + d).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { url: `http://127.0.0.1:${port}`, child, log: () => output };
}

async function startStandIns(env: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/test/payments/faults/standins-server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stand-in server did not start:\n${output}`)), 60_000);
    child.stderr?.on('data', (d) => (output += d));
    child.stdout?.on('data', (d) => {
      output += d;
      const m = /stand-ins listening on (\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ origin: m[1]!, child });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stand-in server exited with ${code}:\n${output}`));
    });
  });
}

/**
 * PUBLIC_URL for two API processes: each request (a push, a notification, a validation call) goes to the next
 * process, and to the other when that one is down (connection refused), as a load balancer with health checks would.
 */
async function roundRobinProxy(slots: Slot[]): Promise<{ origin: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const order = slots.map((_, i) => slots[(next + i) % slots.length]!);
      next = (next + 1) % slots.length;
      const attempt = (i: number) => {
        if (i >= order.length) {
          res.writeHead(502).end();
          return;
        }
        const upstream = httpRequest({ host: '127.0.0.1', port: order[i]!.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        upstream.on('error', () => (res.headersSent ? res.destroy() : attempt(i + 1)));
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

// ---------------------------------------------------------------------------------------------------- HTTP helpers

class Shop {
  constructor(readonly slots: Slot[]) {}

  /** A live process's origin (waits while all are down). */
  async origin(): Promise<string> {
    for (;;) {
      const live = this.slots.filter((s) => s.alive);
      if (live.length) return live[Math.floor(Math.random() * live.length)]!.api!.url;
      await Promise.race(this.slots.map((s) => s.up));
    }
  }

  /** Opens the shop's page for a client (its session and CSRF token), on any live process, like send. */
  open(client: Client, deadline = Date.now() + 90_000): Promise<Client> {
    return this.retrying('GET /', deadline, async (base) => ({ done: true, value: await client.open(base) }));
  }

  /**
   * One API call as a browser whose user presses again after an error page: a refused connection, a dropped one and
   * 502/503/504 are tried again (on any live process) until `deadline`. Everything else is the answer.
   */
  send(client: Client, method: string, path: string, body?: unknown, deadline = Date.now() + 90_000): Promise<{ status: number; json: any }> {
    return this.retrying(`${method} ${path}`, deadline, async (base) => {
      const res = await client.send(base, method, path, body);
      return res.status !== 502 && res.status !== 503 && res.status !== 504 ? { done: true, value: res } : { done: false, last: `${res.status} ${JSON.stringify(res.json)}` };
    });
  }

  /** Tries `attempt` on a live process until it is done or `deadline` passes; a throw (refused, dropped, 30 s) is tried again. */
  private async retrying<T>(what: string, deadline: number, attempt: (base: string) => Promise<{ done: true; value: T } | { done: false; last: string }>): Promise<T> {
    let last = '';
    while (Date.now() < deadline) {
      const base = await this.origin();
      try {
        const result = await withTimeout(attempt(base), 30_000);
        if (result.done) return result.value;
        last = result.last;
      } catch (error) {
        last = String((error as Error).message ?? error);
      }
      await sleep(150 + Math.random() * 250);
    }
    throw new Error(`${what}: no answer before the deadline (last: ${last})`);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

async function json(url: string, init?: RequestInit): Promise<{ status: number; json: any }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, json: body };
}

// ---------------------------------------------------------------------------------------------------- ledger

interface Ledger {
  captured: number;
  refunded: number;
  cancelled: boolean;
  shipped: Record<string, number>;
  returned: Record<string, number>;
  transactions: Array<{ id: string; kind: string; amount: number; status: string }>;
}

/**
 * The stand-in's own truth (GET _control/orders/:id/ledger): null when the provider has no such order (a checkout row
 * whose creation never reached the provider, e.g. the API was killed mid-create). The control routes draw no faults.
 */
async function readLedger(standIns: string, provider: 'klarna' | 'qliro', orderId: string): Promise<Ledger | null> {
  const ledger = await json(`${standIns}/stand-in/${provider}/_control/orders/${encodeURIComponent(orderId)}/ledger`);
  if (ledger.status === 404) return null;
  if (ledger.status !== 200 || !ledger.json || typeof ledger.json !== 'object') throw new Error(`${provider} ledger of ${orderId}: HTTP ${ledger.status}`);
  return ledger.json as Ledger;
}

// ---------------------------------------------------------------------------------------------------- the suite

interface Candidate {
  ean: string;
  shopId: number;
  articleId: number;
}

/** The batch's fault rates, from its first seed. */
export function batchFaults(batchSeed: number) {
  const r = seedRng(batchSeed ^ 0x5eed);
  const pick = (max: number) => Math.round(r() * max * 100) / 100;
  const delayMax = Math.round(r() * 2500);
  return {
    seed: batchSeed,
    lostAnswerRate: pick(0.3),
    serverErrorRate: pick(0.2),
    busyRate: pick(0.3),
    errorResultRate: pick(0.15),
    dropNotificationRate: pick(0.3),
    notificationDelayMs: [0, delayMax] as [number, number],
    // A restart of the API on PGlite takes 10–15 s on this machine: a kill every 15–30 s (half of them drawn) keeps the
    // suite within minutes while every batch still sees a few.
    killEveryMs: 15_000 + Math.round(r() * 15_000),
  };
}

export async function runFaultSuite(options: FaultSuiteOptions): Promise<FaultSuiteSummary> {
  const started = Date.now();
  const { log } = options;
  const notes = new Set<string>();
  const global: string[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  let kills = 0;
  /** Seeds whose operations settled only once the providers had recovered (RunContext.calm). */
  const waitingForCalm: number[] = [];
  const restartMs: number[] = [];
  const results: RunResult[] = [];
  const faultHits: Record<string, Record<string, number>> = {};
  let reconcileSummary = 'not reconciled';

  try {
    // -- the stand-ins, then the database and the API processes pointed at them
    const standIns = await startStandIns({ PAYMENT_STAND_IN_PUSH_DELAY_MS: '100' });
    cleanups.push(() => void standIns.child.kill('SIGTERM'));
    const slots: Slot[] = [];
    for (let i = 0; i < options.processes; i++) slots.push({ port: await freePort(), api: null, up: Promise.resolve(), alive: false });
    let publicUrl = `http://127.0.0.1:${slots[0]!.port}`;
    if (slots.length > 1) {
      const proxy = await roundRobinProxy(slots);
      cleanups.push(() => new Promise<void>((r) => proxy.server.close(() => r())));
      publicUrl = proxy.origin;
    }
    const dataDir = options.kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'shop-payfaults-')) : '';
    if (dataDir) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (options.kind === 'postgres') {
      const db = await createServerDatabase('t_payfaults');
      cleanups.push(() => db.drop());
      databaseUrl = db.url;
    }
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_ARTICLES: '60',
      STATIC_ROOT: makeShellTree(),
      PAYMENT_STAND_INS: '0',
      KLARNA_BASE_URL: `${standIns.origin}/stand-in/klarna`,
      QLIRO_BASE_URL: `${standIns.origin}/stand-in/qliro`,
      PUBLIC_URL: publicUrl,
      PAYMENT_SWEEP_SECONDS: '1',
      PAYMENT_RETRY_BASE_MS: '200',
      // The back-off doubles per failure in a row: capped at 5 s, a run's 60 s settle window holds a dozen attempts
      // after a streak (at the batches' worst failure rate per attempt, ~0.35, twelve in a row is ~3e-6 an operation);
      // uncapped, eight in a row (~2e-4) already wait 51 s.
      PAYMENT_RETRY_MAX_MS: '5000',
      PAYMENT_PROVIDER_TIMEOUT_MS: '3000',
      PAYMENT_SENT_CHECK_MS: '1500',
      RESERVATION_CAP_PER_SESSION: '0',
      RESERVATION_CAP_PER_CUSTOMER: '0',
      RESERVATION_CAP_PER_ADDRESS: '0',
      RESERVATION_CAP_UNITS_PER_VARIANT: '0',
      // The pickup window "Klar til henting" starts (a run that hands over nothing waits for it to end).
      RESERVATION_PICKUP_HOURS: String(options.pickupSeconds / 3600),
      // The payment hold of every new reservation (checkout/hold.ts; a run pays online within it): orphans of a lost
      // answer expire after it and their stock comes back before the stock check gives up.
      RESERVATION_HOLD_MINUTES: String(options.pickupSeconds / 60),
    };
    const boot = async (slot: Slot) => {
      slot.api = spawnApi(slot.port, env);
      await waitHealthy(slot.api, 180_000);
      slot.alive = true;
    };
    // The first process creates, migrates and seeds the database (PostgreSQL: the second waits on the start-up lock).
    const t0 = Date.now();
    await Promise.all(slots.map(boot));
    cleanups.push(async () => {
      for (const s of slots) await stopApi(s.api ?? undefined, 'SIGTERM');
    });
    log(`[payment-faults ${options.kind}] ${slots.length} API process(es) up in ${((Date.now() - t0) / 1000).toFixed(1)} s; stand-ins ${standIns.origin}; PUBLIC_URL ${publicUrl}`);
    const shop = new Shop(slots);

    const staff = await shop.open(new Client());
    // The seed's customer-service account (README "Demo logins"): every shop, and refunds.
    const login = await shop.send(staff, 'POST', '/customers/login', { username: 'kundeservice@staut.no', password: 'kundeservice1234' });
    if (login.status !== 200) throw new Error(`staff login: ${login.status} ${JSON.stringify(login.json)}`);

    // -- what can be reserved: click-and-collect lines with stock in a physical shop (55 is the web warehouse)
    const candidates: Candidate[] = [];
    const base = await shop.origin();
    const listing = (await json(`${base}/api/v1/categories/1/articles?per_page=60`)).json as { data: Array<{ ArticleID: number }> };
    for (const { ArticleID } of listing.data) {
      const article = (await json(`${base}/api/v1/articles/${ArticleID}`)).json as { PurchasableOnWeb: boolean; Variants: Array<{ EanNo: string; Shops: Array<{ ShopID: number; Qty: number }> }> };
      if (!article.PurchasableOnWeb) continue;
      for (const v of article.Variants) for (const s of v.Shops) if (s.ShopID !== 55 && s.Qty >= 3) candidates.push({ ean: v.EanNo, shopId: s.ShopID, articleId: ArticleID });
    }
    if (candidates.length < 10) throw new Error(`only ${candidates.length} lines with stock to reserve`);
    const methods = (await json(`${base}/api/v1/shipping_methods`)).json as Array<{ ShippingMethodID: string }>;
    const pickup = methods.map((m) => m.ShippingMethodID).find((id) => /collect|pickup|hent/i.test(id)) ?? methods[0]!.ShippingMethodID;
    const stockNow = async (): Promise<Map<string, number>> => {
      const out = new Map<string, number>();
      const origin = await shop.origin();
      for (const articleId of new Set(candidates.map((c) => c.articleId))) {
        const a = (await json(`${origin}/api/v1/articles/${articleId}`)).json as { Variants: Array<{ EanNo: string; Shops: Array<{ ShopID: number; Qty: number }> }> };
        for (const v of a.Variants) for (const s of v.Shops) out.set(`${v.EanNo}@${s.ShopID}`, s.Qty);
      }
      return out;
    };
    const stockBefore = await stockNow();

    // -- faults per batch; kills while runs are in flight
    const setFaults = async (batchSeed: number) => {
      const f = batchFaults(batchSeed);
      const { killEveryMs: _k, ...body } = f;
      for (const p of ['klarna', 'qliro']) {
        const res = await json(`${standIns.origin}/stand-in/${p}/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (res.status !== 200) notes.add(`${p} stand-in: POST _control/faults answered ${res.status} (no seeded faults from it)`);
      }
      return f;
    };
    let faults = await setFaults(options.seeds[0] ?? 1);
    let finished = false;
    // -- the calm (RunContext.calm): once no run is taking steps and none is left to start, faults and kills stop.
    let calm = false;
    let active = 0;
    let reachCalm!: () => void;
    const calmReached = new Promise<void>((r) => (reachCalm = r));
    const checkCalm = () => {
      if (calm || queue.length || active || !waitingForCalm.length) return;
      calm = true;
      void (async () => {
        for (const p of ['klarna', 'qliro']) await json(`${standIns.origin}/stand-in/${p}/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        // A process being restarted after a kill comes back first.
        await Promise.all(slots.map((s) => s.up));
      })()
        .catch((error: Error) => global.push(`calm: ${error.message}`))
        .finally(reachCalm);
    };
    const workers: Array<Promise<void>> = [];
    const killer = async (slot: Slot, index: number) => {
      const rng = seedRng((options.seeds[0] ?? 1) * 31 + index);
      while (!finished) {
        await sleep(faults.killEveryMs);
        if (finished || calm || options.killProbability <= 0 || rng() >= options.killProbability) continue;
        // Keep one process alive with two: a shop of two processes losing both at once is a restart, not a failover.
        if (slots.length > 1 && slots.some((s) => s !== slot && !s.alive)) continue;
        slot.alive = false;
        let markUp!: () => void;
        slot.up = new Promise((r) => (markUp = r));
        await stopApi(slot.api!, 'SIGKILL');
        kills++;
        const down = Date.now();
        try {
          await boot(slot);
          restartMs.push(Date.now() - down);
        } catch (error) {
          global.push(`restart after a kill failed: ${(error as Error).message.slice(0, 2000)}`);
          finished = true;
        }
        markUp();
      }
    };
    const killers = slots.map((s, i) => killer(s, i));

    // -- the runs
    const queue = [...options.seeds];
    let startedRuns = 0;
    const untilCalm = async (seed: number) => {
      waitingForCalm.push(seed);
      active--;
      // The waiting run gives its place to another, so the runs in flight stay `concurrency`.
      if (queue.length) workers.push(worker());
      checkCalm();
      await calmReached;
      active++;
    };
    const worker = async () => {
      for (;;) {
        const seed = queue.shift();
        if (seed === undefined) return checkCalm();
        active++;
        if (startedRuns > 0 && startedRuns % options.batchSize === 0) faults = await setFaults(seed);
        const batch = faults.seed;
        startedRuns++;
        const partial = newResult(seed);
        const result = await runOne(seed, { shop, staff, candidates, pickup, standIns: standIns.origin, options, notes, calm: untilCalm }, partial).catch((error: Error) => {
          partial.problems.push(`harness: ${error.message}`);
          return partial;
        });
        active--;
        if (process.env.PAYMENT_FAULT_VERBOSE === '1') log(`[payment-faults ${options.kind}] seed ${seed}: ${result.provider} ${result.handover}/${result.refund} → ${result.outcome}; ${result.operations.map((o) => `${o.kind}#${o.id} ${o.state}${o.lastError ? ` (${o.lastError})` : ''}`).join(', ')}`);
        if (result.problems.length) {
          log(`[payment-faults ${options.kind}] seed ${seed} (batch ${batch}) FAILED: ${result.problems.join('; ')}`);
          log(`[payment-faults ${options.kind}] seed ${seed}: ${result.provider} ${result.handover}/${result.refund}, reservation ${result.reservationId}; ${result.operations.map((o) => `${o.kind}#${o.id} ${o.state} ${o.amount ?? ''} after ${o.attempts ?? '?'} attempt(s), created ${o.createdAt ?? '?'}${o.providerRef ? `, ref ${o.providerRef}` : ''}${o.lastError ? ` (${o.lastError.slice(0, 160)})` : ''}`).join(', ')}`);
        }
        results.push(result);
      }
    };
    for (let i = 0; i < options.concurrency; i++) workers.push(worker());
    // The list grows while it is awaited (a run waiting for the calm starts a worker in its place).
    for (let i = 0; i < workers.length; i++) await workers[i];
    finished = true;
    // Waiting for the calm is the exception (a streak of faults outlasting a run's settle window): many waiting
    // means the queue stalls under faults, which the window alone would have failed.
    if (waitingForCalm.length > Math.max(3, Math.ceil(options.seeds.length * 0.05))) {
      global.push(`${waitingForCalm.length} runs settled only after the providers recovered (seeds ${waitingForCalm.sort((a, b) => a - b).join(' ')})`);
    }
    await Promise.all(killers);

    // -- stock: what left the shops is exactly what was handed over (orphans of lost answers expire meanwhile)
    const handed = new Map<string, number>();
    for (const r of results) for (const [k, n] of r.handed) handed.set(k, (handed.get(k) ?? 0) + n);
    const deadline = Date.now() + (options.pickupSeconds + 30) * 1000;
    let diff: string[] = [];
    for (;;) {
      const after = await stockNow();
      diff = [];
      for (const [k, before] of stockBefore) {
        const gone = before - (after.get(k) ?? before);
        if (gone !== (handed.get(k) ?? 0)) diff.push(`${k}: ${gone} units gone, ${handed.get(k) ?? 0} handed over (seeds ${results.filter((r) => r.touched.includes(k)).map((r) => r.seed).join(' ') || '-'})`);
      }
      if (!diff.length || Date.now() > deadline) break;
      await sleep(1000);
    }
    if (diff.length) global.push(`stock not conserved: ${diff.slice(0, 10).join('; ')}${diff.length > 10 ? ` (+${diff.length - 10} more)` : ''}`);
    // -- reconciliation (ADR 0025): every payment whose operations all settled agrees with its provider's own order
    const reconciled = await shop.send(staff, 'POST', '/payments/staff/reconcile', {});
    if (reconciled.status !== 200) global.push(`reconcile: ${reconciled.status} ${JSON.stringify(reconciled.json).slice(0, 300)}`);
    else {
      const unsettled = new Set(results.filter((r) => r.operations.some((o) => o.state === 'unknown')).map((r) => r.reservationId));
      const list = await shop.send(staff, 'GET', '/payments/staff/follow-up');
      const items = ((list.json as { items?: Array<{ reservationId: number; kind: string; known: string | null }> })?.items ?? []).filter((i) => i.kind === 'discrepancy');
      const mine = new Set(results.map((r) => r.reservationId));
      const differs = items.filter((i) => mine.has(i.reservationId) && !unsettled.has(i.reservationId));
      reconcileSummary = `reconciled ${(reconciled.json as { checked?: number }).checked ?? '?'} payments, ${differs.length} differ`;
      if (differs.length) global.push(`reconciliation found differences: ${differs.slice(0, 5).map((d) => `reservation ${d.reservationId}: ${d.known}`).join('; ')}`);
    }
    // -- what the stand-ins actually injected (a suite whose faults never fired proves little)
    for (const p of ['klarna', 'qliro'] as const) {
      const res = await json(`${standIns.origin}/stand-in/${p}/_control/faults`, { method: 'GET' });
      if (res.status === 200) faultHits[p] = (res.json as { hits: Record<string, number> }).hits;
    }
  } catch (error) {
    global.push(`suite: ${(error as Error).message.slice(0, 4000)}`);
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
  }

  const operations: Record<string, Record<string, number>> = {};
  const outcomes: Record<string, number> = {};
  for (const r of results) {
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    for (const o of r.operations) {
      operations[o.kind] ??= {};
      operations[o.kind]![o.state] = (operations[o.kind]![o.state] ?? 0) + 1;
    }
  }
  const failures = results.filter((r) => r.problems.length).map((r) => ({ seed: r.seed, problems: r.problems })).sort((a, b) => a.seed - b.seed);
  const ms = Date.now() - started;
  const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');
  const line =
    `[payment-faults ${options.kind}×${options.processes}] ${results.length} runs in ${(ms / 1000).toFixed(0)} s; ` +
    `operations: ${Object.entries(operations).map(([k, v]) => `${k} {${fmt(v)}}`).join(' ') || 'none'}; ` +
    `outcomes: ${fmt(outcomes)}; kills ${kills}${restartMs.length ? ` (back up after ${(restartMs.reduce((a, b) => a + b, 0) / restartMs.length / 1000).toFixed(1)} s on average)` : ''}; ` +
    `${reconcileSummary}; ` +
    `settled after the providers recovered: ${waitingForCalm.length ? `${waitingForCalm.length} (seeds ${[...waitingForCalm].sort((a, b) => a - b).join(' ')})` : 'none'}; ` +
    `faults injected: ${Object.entries(faultHits).map(([p, h]) => `${p} {${fmt(Object.fromEntries(Object.entries(h).filter(([, n]) => n > 0)))}}`).join(' ') || 'unknown'}; ` +
    `failures ${failures.length}${failures.length ? ` (seeds ${failures.map((f) => f.seed).join(' ')})` : ''}` +
    (global.length ? `; global: ${global.join(' | ')}` : '');
  return { kind: options.kind, runs: results.length, ms, kills, operations, outcomes, failures, global, notes: [...notes], line, faultHits };
}

// ---------------------------------------------------------------------------------------------------- one run

export function choices(seed: number) {
  const r = seedRng(seed);
  const provider = r() < 0.5 ? ('klarna' as const) : ('qliro' as const);
  const h = r();
  const handover = h < 0.4 ? ('all' as const) : h < 0.8 ? ('part' as const) : ('none' as const);
  const refund = handover !== 'none' && r() < 0.6 ? ('part' as const) : ('none' as const);
  return { provider, handover, refund, rng: r };
}

interface RunContext {
  shop: Shop;
  staff: Client;
  candidates: Candidate[];
  pickup: string;
  standIns: string;
  options: FaultSuiteOptions;
  notes: Set<string>;
  /**
   * Resolves once the providers have recovered: every run has taken its steps, the stand-ins inject no more faults and
   * no process is killed. A run whose operations are still retrying when its settle window ends waits for this.
   */
  calm(seed: number): Promise<void>;
}

interface Detail {
  id: number;
  statusId: number;
  version: number;
  lines: Array<{ id: number; ean: string; count: number; price: number; stockShopId: number; fulfilledCount: number | null; refundedCount: number }>;
  shippingPrice: number;
  discount: number;
  payment: { id: number; provider: string; providerOrderId: string; capturedAmount: number; refundedAmount: number; pendingOperations: number } | null;
}

interface PaymentsView {
  payments: Array<{
    id: number;
    provider: 'klarna' | 'qliro';
    providerOrderId: string;
    status: string;
    /** Øre asked for at checkout (authorizedAmount drops to the captured amount after a release). */
    amount: number;
    authorizedAmount: number;
    capturedAmount: number;
    refundedAmount: number;
    operations: Array<{ id: number; kind: string; state: string; amount: number | null; lastError: string | null; attempts: number; providerRef: string | null; createdAt: string }>;
  }>;
}

function newResult(seed: number): RunResult {
  const { provider, handover, refund } = choices(seed);
  return { seed, provider, handover, refund, outcome: 'confirmed', reservationId: null, operations: [], problems: [], handed: new Map(), touched: [] };
}

/** One seeded purchase; fills `result` as it goes, so a run that throws still tells what it reserved and handed over. */
async function runOne(seed: number, ctx: RunContext, result: RunResult): Promise<RunResult> {
  const { shop, staff, candidates, options } = ctx;
  const { provider, handover, refund, rng } = choices(seed);
  const problem = (text: string) => result.problems.push(text);

  // Lines: one shop, one or two variants with stock there, one to three units each.
  const first = candidates[Math.floor(rng() * candidates.length)]!;
  const sameShop = candidates.filter((c) => c.shopId === first.shopId && c.ean !== first.ean);
  const picked = [first, ...(sameShop.length && rng() < 0.5 ? [sameShop[Math.floor(rng() * sameShop.length)]!] : [])];
  const counts = picked.map(() => 1 + Math.floor(rng() * 2));
  result.touched = picked.map((c) => `${c.ean}@${c.shopId}`);

  const shopper = await shop.open(new Client());
  const reserved = await shop.send(shopper, 'POST', '/reservations', {
    CustomerName: 'Kari Feiltest',
    Email: `kari.${seed}@example.no`,
    Phone: '91234567',
    Delivery: 0,
    Address: '',
    PostalCode: '0150',
    City: 'OSLO',
    ShopID: first.shopId,
    items: picked.map((c, i) => ({ EanNo: c.ean, Count: counts[i]!, CampaignArticleID: null })),
    shipping_method_id: ctx.pickup,
  });
  if (reserved.status !== 201) {
    // Other runs took the stock: nothing to test here.
    if (reserved.status === 409 || reserved.status === 422) return { ...result, outcome: 'no-stock' };
    problem(`reservation: ${reserved.status} ${JSON.stringify(reserved.json)}`);
    return result;
  }
  const rid = (reserved.json as { ReservationID: number }).ReservationID;
  result.reservationId = rid;

  // Pay: open the checkout, press "Betal" on the stand-in's page, then the confirmation page's status polling.
  const paid = await payFor(ctx, shopper, rid, provider);
  const detail = async () => {
    const d = await shop.send(staff, 'GET', `/staff/reservations/${rid}`);
    if (d.status !== 200) throw new Error(`GET /staff/reservations/${rid}: ${d.status} ${JSON.stringify(d.json)}`);
    return d.json as Detail;
  };
  let d = await detail();
  if (paid) d = await until(detail, (x) => x.statusId !== 1 && x.statusId !== 2, 30_000);
  if (!paid || d.statusId !== ST.paid) {
    result.outcome = 'unpaid';
    await settleAndCheck(ctx, result, rid, 0, 0);
    return result;
  }

  // Staff: "Klar til henting", then the hand-over (or the pickup window's end).
  const act = async (action: string, body: Record<string, unknown>, accept: (x: Detail) => boolean): Promise<{ status: number; json: any }> => {
    const requestKey = `f${seed}-${action}-${randomUUID().slice(0, 8)}`;
    for (let attempt = 0; ; attempt++) {
      const res = await shop.send(staff, 'POST', `/staff/reservations/${rid}/${action}`, { version: d.version, requestKey, ...body });
      if (res.status === 200) {
        d = res.json as Detail;
        return res;
      }
      // A stale version (an earlier attempt whose answer was lost changed it, or the sweep did): read and decide again.
      d = await detail();
      if (accept(d) || res.status !== 409 || attempt >= 3) return res;
    }
  };
  const ready = await act('ready', {}, (x) => x.statusId !== ST.paid);
  // The pickup window may end before staff get to it on a loaded machine: "Ikke hentet" by the sweep is a shop outcome
  // like any other (the money checks below follow what the API recorded), not a failure of the run.
  if (d.statusId !== ST.ready && d.statusId !== ST.notCollected) problem(`"ready" left status ${d.statusId} (${ready.status} ${JSON.stringify(ready.json).slice(0, 200)})`);

  let handedLines: Array<{ lineId: number; count: number }> = [];
  if (handover === 'none' || d.statusId !== ST.ready) {
    d = await until(detail, (x) => x.statusId !== ST.ready, (options.pickupSeconds + 60) * 1000);
    if (d.statusId !== ST.notCollected) problem(`pickup window ended but status is ${d.statusId}, not "Ikke hentet"`);
  } else {
    const total = d.lines.reduce((s, l) => s + l.count, 0);
    let body: Record<string, unknown> = {};
    if (handover === 'part' && total > 1) {
      // At least one unit, at least one unit fewer than reserved.
      let keep = 1 + Math.floor(rng() * (total - 1));
      handedLines = [];
      for (const l of d.lines) {
        const n = Math.min(l.count, keep);
        keep -= n;
        if (n > 0) handedLines.push({ lineId: l.id, count: n });
      }
      body = { lines: handedLines };
    } else {
      handedLines = d.lines.map((l) => ({ lineId: l.id, count: l.count }));
    }
    const collected = await act('collected', body, (x) => x.statusId !== ST.ready);
    if (collected.status !== 200 && d.statusId !== ST.collected && d.statusId !== ST.notCollected) problem(`"collected": ${collected.status} ${JSON.stringify(collected.json).slice(0, 200)} (status ${d.statusId})`);
  }

  // What left the shop, by the API's own record of the hand-over.
  const handedValue = d.lines.reduce((s, l) => s + (l.fulfilledCount ?? 0) * l.price, 0);
  const goodsValue = handedValue > 0 ? Math.max(0, handedValue - d.discount) + d.shippingPrice : 0;
  for (const l of d.lines) if (l.fulfilledCount) result.handed.set(`${l.ean}@${l.stockShopId}`, (result.handed.get(`${l.ean}@${l.stockShopId}`) ?? 0) + l.fulfilledCount);

  // Refund part: once the capture has settled (before that there is nothing captured to refund).
  let refundAsked = 0;
  if (refund === 'part' && d.statusId === ST.collected && goodsValue > 0) {
    const settled = await until(
      () => shop.send(staff, 'GET', `/payments/staff/reservations/${rid}`).then((r) => r.json as PaymentsView),
      (v) => v.payments.every((p) => p.operations.every((o) => !UNSETTLED.has(o.state))),
      options.settleMs,
    );
    const p = settled.payments.find((x) => x.status === 'paid');
    const refundable = p ? p.capturedAmount - p.refundedAmount : 0;
    const handedUnits = d.lines.filter((l) => (l.fulfilledCount ?? 0) > 0);
    const units = handedUnits.reduce((s, l) => s + (l.fulfilledCount ?? 0), 0);
    if (refundable > 0) {
      let body: Record<string, unknown>;
      if (provider === 'klarna' && rng() < 0.5) {
        refundAsked = Math.max(1, Math.floor(refundable * (0.1 + rng() * 0.5)));
        body = { amount: refundAsked };
      } else if (units > 1) {
        const line = handedUnits[0]!;
        refundAsked = line.price;
        body = { lines: [{ lineId: line.id, count: 1 }] };
      } else {
        body = {};
      }
      if (Object.keys(body).length) {
        const res = await act('refund', { ...body, reason: 'Reklamasjon (feiltest)' }, () => false);
        if (res.status !== 200) {
          problem(`refund: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          refundAsked = 0;
        }
      }
    }
  }

  await settleAndCheck(ctx, result, rid, goodsValue, refundAsked, d);
  return result;
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number, everyMs = 300): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await sleep(everyMs);
  }
}

/** The shopper pays; true once the shop says paid, false when the purchase was refused or never completed. */
async function payFor(ctx: RunContext, shopper: Client, rid: number, provider: 'klarna' | 'qliro'): Promise<boolean> {
  const { shop } = ctx;
  const opened = await shop.send(shopper, 'POST', `/payments/${provider}/orders`, { reservationId: rid });
  if (opened.status !== 201) return false;
  const order = opened.json as { OrderID: string; HtmlSnippet: string };
  const src = /<iframe src="([^"]+)"/.exec(order.HtmlSnippet)?.[1]?.replace(/&#38;/g, '&');
  if (!src) throw new Error(`no iframe in the ${provider} snippet`);
  const page = await fetch(src, { signal: AbortSignal.timeout(20_000) });
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no pay form on ${src}: ${html.slice(0, 200)}`);
  const pressed = await fetch(new URL(action, src), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  await pressed.text();
  const location = pressed.headers.get('location') ?? '';
  // Refused at validation: Kustom sends the shopper back to the payment step, Qliro shows the shop's reason.
  if (pressed.status === 409 || /steg=betaling/.test(location)) return false;
  const status = await until(
    async () => {
      const r = await shop.send(shopper, 'GET', `/payments/${provider}/orders/${order.OrderID}`);
      return r.status === 200 ? (r.json as { Status: string }).Status : `http ${r.status}`;
    },
    (s) => s === 'paid' || s === 'refused' || s === 'onhold',
    60_000,
    250,
  );
  return status === 'paid';
}

/** Waits until nothing of the reservation is queued or sent, then checks the invariants against the provider. */
async function settleAndCheck(ctx: RunContext, result: RunResult, rid: number, goodsValue: number, refundAsked: number, d?: Detail): Promise<void> {
  const { shop, staff, options } = ctx;
  const problem = (text: string) => result.problems.push(text);
  const read = async () => (await shop.send(staff, 'GET', `/payments/staff/reservations/${rid}`)).json as PaymentsView;
  const settled = (v: PaymentsView) => v.payments.every((p) => p.operations.every((o) => !UNSETTLED.has(o.state)));
  let view = await until(read, settled, options.settleMs, 400);
  let after = 'the last step';
  if (!settled(view)) {
    // Still retrying while the providers keep failing (a streak of injected faults, a kill): whether it settles is
    // judged once they have recovered, within the same window. An operation stuck for another reason stays stuck.
    const open = view.payments.flatMap((p) => p.operations.filter((o) => UNSETTLED.has(o.state)).map((o) => `${p.provider} ${o.kind}#${o.id} ${o.state} after ${o.attempts} attempt(s)${o.lastError ? ` (${o.lastError.slice(0, 120)})` : ''}`));
    options.log(`[payment-faults ${options.kind}] seed ${result.seed}: not settled ${options.settleMs / 1000} s after its last step, waits for the providers to recover: ${open.join(', ')}`);
    await ctx.calm(result.seed);
    view = await until(read, settled, options.settleMs, 400);
    after = 'the providers recovered';
  }
  result.operations = view.payments.flatMap((p) => p.operations.map((o) => ({ id: o.id, kind: o.kind, state: o.state, amount: o.amount, lastError: o.lastError, attempts: o.attempts, providerRef: o.providerRef, createdAt: o.createdAt })));
  for (const o of result.operations) if (UNSETTLED.has(o.state)) problem(`operation ${o.id} (${o.kind}) still ${o.state} ${options.settleMs / 1000} s after ${after}`);
  const needsStaff = view.payments.flatMap((p) => p.operations.filter((o) => NEEDS_STAFF.has(o.state)).map((o) => ({ p, o })));
  if (needsStaff.some(({ o }) => o.state === 'unknown')) result.outcome = 'unknown-to-staff';
  else if (needsStaff.length && result.outcome !== 'unpaid') result.outcome = 'refused';

  // Every operation whose outcome is unknown is on the staff's follow-up list ("Må følges opp"). A refused one is
  // listed only while nothing has made up for it (the route's rule), so it is not required here.
  const unknown = needsStaff.filter(({ o }) => o.state === 'unknown');
  if (unknown.length) {
    const list = await shop.send(staff, 'GET', '/payments/staff/follow-up');
    if (list.status === 404) {
      ctx.notes.add('GET /payments/staff/follow-up is absent (404): operations needing staff were checked in GET /payments/staff/reservations/:id only');
    } else if (list.status !== 200) {
      problem(`follow-up list: ${list.status}`);
    } else {
      for (const { o } of unknown) {
        if (!mentions(list.json, (x) => x.operationId === o.id)) problem(`operation ${o.id} (${o.kind}, unknown) is not on the follow-up list`);
      }
    }
  }

  // The provider's truth for every checkout of the reservation.
  let captured = 0;
  let refunded = 0;
  for (const p of view.payments) {
    const ledger = await readLedger(ctx.standIns, p.provider, p.providerOrderId);
    if (!ledger) continue;
    const captureOps = p.operations.filter((o) => o.kind === 'capture');
    const refundOps = p.operations.filter((o) => o.kind === 'refund');
    const settledTx = (k: string) => ledger.transactions.filter((t) => t.kind === k && t.status === 'settled');
    // No amount moved twice: no more settled captures / refunds at the provider than the shop asked for.
    if (settledTx('capture').length > captureOps.length) problem(`${p.provider} ${p.providerOrderId}: ${settledTx('capture').length} captures at the provider for ${captureOps.length} capture operation(s) (${settledTx('capture').map((t) => t.amount).join(' + ')} øre)`);
    if (settledTx('refund').length > refundOps.length) problem(`${p.provider} ${p.providerOrderId}: ${settledTx('refund').length} refunds at the provider for ${refundOps.length} refund operation(s)`);
    if (ledger.refunded > ledger.captured) problem(`${p.provider} ${p.providerOrderId}: refunded ${ledger.refunded} > captured ${ledger.captured}`);
    // The shop's record and the provider's agree once everything is confirmed (else a person must be told).
    const allConfirmed = p.operations.every((o) => o.state === 'confirmed' || o.state === 'done');
    if (allConfirmed && (p.capturedAmount !== ledger.captured || p.refundedAmount !== ledger.refunded)) {
      problem(`${p.provider} ${p.providerOrderId}: the shop records captured ${p.capturedAmount}/refunded ${p.refundedAmount}, the provider ${ledger.captured}/${ledger.refunded}`);
    }
    captured += ledger.captured;
    refunded += ledger.refunded;
    // Nothing handed over was cancelled: a hand-over of everything leaves no cancel; a part one cancels only the rest.
    if (goodsValue > 0 && p.status === 'paid') {
      const cancelledAmount = settledTx('cancel').reduce((s, t) => s + t.amount, 0);
      if (result.handover === 'all' && d?.lines.every((l) => l.fulfilledCount === l.count) && (ledger.cancelled || cancelledAmount > 0)) problem(`${p.provider} ${p.providerOrderId}: everything was handed over, yet the order is cancelled at the provider`);
      if (cancelledAmount > p.amount - goodsValue) problem(`${p.provider} ${p.providerOrderId}: ${cancelledAmount} øre cancelled at the provider, only ${p.amount - goodsValue} was not handed over`);
    }
  }

  const captureOp = result.operations.find((o) => o.kind === 'capture');
  // Only an operation whose result is unknown (on the follow-up list) may leave the provider short of the hand-over; a
  // refused capture of goods that left the shop is money lost, whoever is told.
  const captureNeedsStaff = captureOp?.state === 'unknown';
  if (captured > goodsValue) problem(`captured ${captured} øre at the provider, handed over ${goodsValue}`);
  else if (captured < goodsValue && !captureNeedsStaff) problem(`captured ${captured} øre at the provider, handed over ${goodsValue} (capture ${captureOp ? `${captureOp.state}${captureOp.lastError ? `: ${captureOp.lastError}` : ''}` : 'never queued'})`);
  if (refunded > captured) problem(`refunded ${refunded} > captured ${captured}`);
  const refundOp = result.operations.find((o) => o.kind === 'refund');
  if (refunded > refundAsked) problem(`refunded ${refunded} øre at the provider, staff asked for ${refundAsked}`);
  else if (refundOp && (refundOp.state === 'confirmed' || refundOp.state === 'done') && refunded !== refundAsked) problem(`refund confirmed, but ${refunded} of ${refundAsked} øre refunded at the provider`);
}

/** Whether any object in a JSON tree satisfies `test`. */
function mentions(tree: unknown, test: (x: Record<string, unknown>) => boolean): boolean {
  if (Array.isArray(tree)) return tree.some((x) => mentions(x, test));
  if (tree && typeof tree === 'object') {
    if (test(tree as Record<string, unknown>)) return true;
    return Object.values(tree).some((x) => mentions(x, test));
  }
  return false;
}
