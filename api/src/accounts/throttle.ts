/**
 * Login throttling (issues 6 and 18) that slows guessing down without locking the rightful owner out.
 *
 * Every login attempt is counted before its password is checked (so a burst of parallel guesses cannot all slip
 * past a check made before any of them failed). A device that does not hold the account's device cookie (set by a
 * successful login or registration, OWASP "device cookie") is counted under three counters:
 * - the pair (account, client): a few free attempts, then each further one waits twice as long as the one before,
 *   up to a cap. A success clears it. Only this client is slowed on this account.
 * - the client: a higher allowance, for one client trying many accounts (credential stuffing).
 * - the account: many clients guessing one account are slowed together.
 * A known device is counted only under its own pair (account, device), so nobody else's failures, from other
 * clients or from its own address (an office, a carrier's NAT), ever hold it back; a stolen device cookie gives the
 * thief one pair's allowance on that one account, no more.
 * A refused attempt and a successful one are taken back from the client and account counters, so they count
 * failures only. The account is the customer's id when the username (an e-mail or any phone form) belongs to one,
 * else the normalised username: unknown names are counted the same way and the answers do not tell them apart.
 *
 * Counters live in the database (login_attempts) or, when REDIS_URL is set, in Redis, so every API process shares
 * them. Every Redis key expires; database rows are reused per key and purge() removes the ended ones.
 */
import { createHash } from 'node:crypto';
import { and, eq, like, lte, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/index.js';
import { loginAttempts } from '../db/schema.js';
import { CLIENT_LIMIT_PREFIX } from './clientLimits.js';

/** A slow-down rule: `free` attempts at once, then each further one waits twice as long as the one before. */
export interface SlowDown {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface LoginRules {
  pair: SlowDown;
  client: SlowDown;
  account: SlowDown;
  /** A counter is forgotten this long after its first attempt: nothing is held back longer than this. */
  windowMs: number;
  /** How long a device that logged in to an account is remembered as known. */
  deviceMs: number;
}

const MINUTE = 60_000;

// An owner who mistyped five times waits half a minute; a guesser gets about a dozen tries per account and client
// an hour, and all clients together about seventeen per account from devices that never logged in to it.
export const DEFAULT_RULES: LoginRules = {
  pair: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  // Offices and mobile carriers share an address: a higher allowance and a shorter cap.
  client: { free: 30, firstDelayMs: 10_000, maxDelayMs: 5 * MINUTE },
  account: { free: 10, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  windowMs: 60 * MINUTE,
  deviceMs: 180 * 24 * 60 * MINUTE,
};

/**
 * How long after its window opened the n-th attempt (1-based) may be made: 0 for the free ones, then the sum of
 * the delays before it (first, 2×first, 4×first, … each at most maxDelayMs). Pure; bounded work for any n.
 */
export function earliestAttemptMs(n: number, rule: SlowDown): number {
  let extra = n - rule.free;
  let total = 0;
  let delay = rule.firstDelayMs;
  while (extra > 0 && delay < rule.maxDelayMs) {
    total += delay;
    delay *= 2;
    extra -= 1;
  }
  return total + Math.max(extra, 0) * rule.maxDelayMs;
}

/** How long the n-th attempt of a window opened at windowStart must still wait at `now` (0 = it may go ahead). */
export function waitMs(n: number, windowStart: number, now: number, rule: SlowDown, windowMs: number): number {
  // Never past the window's end: a new window starts with the free attempts again (slow down, never lock out).
  const allowedAt = windowStart + Math.min(earliestAttemptMs(n, rule), windowMs);
  // Parallel requests read the clock before counting: one may open the window with a later `now` than another
  // counted in it has. Such a request is no earlier than the window's start (else a free attempt had to wait).
  return Math.max(0, allowedAt - Math.max(now, windowStart));
}

/** Attempts counted under a key in its current window. */
export interface Hits {
  count: number;
  /** When the window opened (ms since the epoch). */
  windowStart: number;
}

export interface CounterStore {
  /** The failures counted for a key in the current window. */
  count(key: string): Promise<number>;
  /** Counts one failure. */
  increment(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Counts one attempt under `key` in a window of `windowMs` opened by the first attempt (a new one opens once it
   * ended) and returns the count including this attempt: concurrent attempts get distinct counts. Keys counted
   * with hit() are not for count()/increment() (Redis keeps them in another shape).
   */
  hit(key: string, windowMs: number, now: number): Promise<Hits>;
  /** Takes back one attempt counted by hit(). */
  refund(key: string): Promise<void>;
  /** The attempts counted by hit() in the window, without counting one; null when none. */
  peek(key: string, windowMs: number, now: number): Promise<Hits | null>;
}

/** Where a login attempt comes from and what it is for. */
export interface LoginAttempt {
  /** accountOf(): the customer or the normalised unknown username. */
  account: string;
  /** The client (server/client.ts clientOf: request.ip, an IPv6 address as its /64). */
  client: string;
  /** The device cookie, when isKnownDevice() found it remembered for this account; else null. */
  knownDevice: string | null;
}

export interface LoginTurn {
  /** 0: go ahead and check the password; else how long this client must wait (nothing was counted). */
  waitMs: number;
  /** The password was right: clears the pair and takes this attempt back from the other counters. */
  succeeded(): Promise<void>;
}

/**
 * The account key of a username: the customer's when it belongs to one, else the username as normalised. The
 * customer's id with its creation time, since ids start again in a new database while a shared Redis keeps its
 * counters and known devices (a test database, a restored backup): a new customer must not inherit them.
 */
export const accountOf = (customer: { id: number; createdAt: Date } | null | undefined, normalisedUsername: string) =>
  customer ? `c${customer.id}.${customer.createdAt.getTime().toString(36)}` : `u:${normalisedUsername.slice(0, 254)}`;

const digest = (device: string) => createHash('sha256').update(device).digest('base64url');
const keys = {
  pair: (a: LoginAttempt) => `login:pair:${a.account}|${a.knownDevice ? `d:${digest(a.knownDevice)}` : a.client}`,
  client: (a: LoginAttempt) => `login:client:${a.client}`,
  account: (a: LoginAttempt) => `login:account:${a.account}`,
  device: (account: string, device: string) => `login:device:${account}:${digest(device)}`,
};

export class LoginThrottle {
  constructor(
    readonly store: CounterStore,
    readonly rules: LoginRules = DEFAULT_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a login attempt before its password is checked; see LoginTurn. */
  async begin(attempt: LoginAttempt): Promise<LoginTurn> {
    const now = this.now();
    const taken: string[] = [];
    /** Counts this attempt under each key; the longest wait any of them asks for. */
    const take = async (counters: Array<[string, SlowDown]>): Promise<number> => {
      taken.push(...counters.map(([key]) => key));
      const hits = await Promise.all(counters.map(([key]) => this.store.hit(key, this.rules.windowMs, now)));
      return Math.max(...hits.map((h, i) => waitMs(h.count, h.windowStart, now, counters[i]![1], this.rules.windowMs)));
    };
    const pair = keys.pair(attempt);
    let wait: number;
    if (attempt.knownDevice) {
      wait = await take([[pair, this.rules.pair]]);
    } else {
      // The client first: a client that must wait adds no counters for the names it tries (bounded rows and keys).
      wait = await take([[keys.client(attempt), this.rules.client]]);
      if (wait === 0) wait = await take([[pair, this.rules.pair], [keys.account(attempt), this.rules.account]]);
    }
    if (wait > 0) {
      // Refused: not an attempt at the password, so it costs nothing (hammering does not push the wait further).
      await Promise.all(taken.map((key) => this.store.refund(key)));
      return { waitMs: wait, succeeded: async () => {} };
    }
    return {
      waitMs: 0,
      succeeded: async () => {
        await Promise.all(taken.map((key) => (key === pair ? this.store.clear(key) : this.store.refund(key))));
      },
    };
  }

  /** The device (its device cookie) has logged in to this account (accountOf a customer) within deviceMs. */
  async isKnownDevice(account: string, device: string): Promise<boolean> {
    return (await this.store.peek(keys.device(account, device), this.rules.deviceMs, this.now())) !== null;
  }

  async rememberDevice(account: string, device: string): Promise<void> {
    await this.store.hit(keys.device(account, device), this.rules.deviceMs, this.now());
  }

  /** The owner proved the account is theirs another way (password reset): unknown devices start afresh. */
  async forgetAccountFailures(account: string): Promise<void> {
    await this.store.clear(`login:account:${account}`);
  }

  /** Removes ended counters (database store; Redis keys expire on their own). */
  async purge(): Promise<void> {
    if (!(this.store instanceof DatabaseCounterStore)) return;
    const now = this.now();
    await this.store.purge('login:device:', new Date(now - this.rules.deviceMs));
    // The client limits' windows (clientLimits.ts) are no longer than the login window.
    for (const prefix of ['login:pair:', 'login:client:', 'login:account:', CLIENT_LIMIT_PREFIX]) {
      await this.store.purge(prefix, new Date(now - this.rules.windowMs));
    }
    // The per-account mail limits (routes/customers/auth.ts, keyed by e-mail address) and issue 6's login counters,
    // no longer written, are fixed windows of COUNTER_WINDOW_MS.
    for (const prefix of ['reset:', 'verify:', 'account:', 'ip:']) {
      await this.store.purge(prefix, new Date(now - COUNTER_WINDOW_MS));
    }
  }
}

/** Counters in the login_attempts table; a window restarts on the first failure after it ended. */
export class DatabaseCounterStore implements CounterStore {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async count(key: string): Promise<number> {
    const [row] = await this.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
    if (!row) return 0;
    return this.now().getTime() - row.windowStart.getTime() >= this.windowMs ? 0 : row.count;
  }

  async increment(key: string): Promise<void> {
    await this.hit(key, this.windowMs, this.now().getTime());
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<Hits> {
    const now = new Date(nowMs);
    const ended = sql`${loginAttempts.windowStart} <= ${new Date(nowMs - windowMs).toISOString()}::timestamptz`;
    // One statement (the row lock orders concurrent attempts), so each gets its own count.
    const [row] = await this.db
      .insert(loginAttempts)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          count: sql`case when ${ended} then 1 else ${loginAttempts.count} + 1 end`,
          windowStart: sql`case when ${ended} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
        },
      })
      .returning({ count: loginAttempts.count, windowStart: loginAttempts.windowStart });
    return { count: row!.count, windowStart: row!.windowStart.getTime() };
  }

  async refund(key: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
      .where(eq(loginAttempts.key, key));
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<Hits | null> {
    const [row] = await this.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
    if (!row || row.count === 0 || nowMs - row.windowStart.getTime() >= windowMs) return null;
    return { count: row.count, windowStart: row.windowStart.getTime() };
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  }

  /** Deletes the counters under `prefix` whose window opened before `openedBefore`. */
  async purge(prefix: string, openedBefore: Date): Promise<void> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await this.db.delete(loginAttempts).where(and(like(loginAttempts.key, pattern), lte(loginAttempts.windowStart, openedBefore)));
  }

  async close(): Promise<void> {}
}

/** hit(): a hash {n, s} per key; a window that ended is reopened; the key expires with its window. */
const HIT_SCRIPT = `
local s = redis.call('hget', KEYS[1], 's')
local start = tonumber(s)
local now = tonumber(ARGV[1])
if (not start) or now - start >= tonumber(ARGV[2]) then
  redis.call('del', KEYS[1])
  redis.call('hset', KEYS[1], 's', ARGV[1], 'n', 1)
  redis.call('pexpire', KEYS[1], ARGV[2])
  return {1, ARGV[1]}
end
return {redis.call('hincrby', KEYS[1], 'n', 1), s}`;

/** refund(): never recreates an expired key (it would have no expiry). */
const REFUND_SCRIPT = `
if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('hget', KEYS[1], 'n') or '0') > 0 then
  redis.call('hincrby', KEYS[1], 'n', -1)
end
return 0`;

/** Counters in Redis: INCR + PEXPIRE on the first failure gives the same fixed window. */
export class RedisCounterStore implements CounterStore {
  readonly redis: Redis;

  constructor(
    url: string,
    private readonly windowMs: number,
    private readonly prefix = 'login-throttle:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async increment(key: string): Promise<void> {
    const k = this.prefix + key;
    const n = await this.redis.incr(k);
    // The first failure opens the window; a key left without expiry (crash between the two calls) gets one too.
    if (n === 1 || (await this.redis.pttl(k)) < 0) await this.redis.pexpire(k, this.windowMs);
  }

  async hit(key: string, windowMs: number, now: number): Promise<Hits> {
    const [count, start] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(now), String(windowMs))) as [number, string];
    return { count: Number(count), windowStart: Number(start) };
  }

  async refund(key: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, this.prefix + key);
  }

  async peek(key: string, windowMs: number, now: number): Promise<Hits | null> {
    const [n, s] = await this.redis.hmget(this.prefix + key, 'n', 's');
    const count = Number(n ?? 0);
    const windowStart = Number(s ?? 0);
    if (count === 0 || now - windowStart >= windowMs) return null;
    return { count, windowStart };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/** The window of the stores' fixed-window counters (count/increment: the per-account mail limits). */
export const COUNTER_WINDOW_MS = 15 * MINUTE;

export function createLoginThrottle(db: Db, redisUrl: string | undefined, rules: LoginRules = DEFAULT_RULES, now: () => number = Date.now): LoginThrottle {
  const store = redisUrl ? new RedisCounterStore(redisUrl, COUNTER_WINDOW_MS) : new DatabaseCounterStore(db, COUNTER_WINDOW_MS);
  return new LoginThrottle(store, rules, now);
}
