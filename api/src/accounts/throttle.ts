/**
 * Login throttling (issue 6): failed logins are counted per account and per client address in a fixed window.
 * Counters live in the database (login_attempts) or, when REDIS_URL is set, in Redis, so every API process
 * shares them either way. A successful login clears the account's counter (not the address's).
 */
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/index.js';
import { loginAttempts } from '../db/schema.js';

export interface ThrottleLimits {
  /** Failed logins allowed per account in one window. */
  perAccount: number;
  /** Failed logins allowed per client address in one window (higher: offices and mobile carriers share one). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 30, windowMs: 15 * 60 * 1000 };

export interface CounterStore {
  /** The failures counted for a key in the current window. */
  count(key: string): Promise<number>;
  /** Counts one failure. */
  increment(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export class LoginThrottle {
  constructor(
    readonly store: CounterStore,
    readonly limits: ThrottleLimits = DEFAULT_LIMITS,
  ) {}

  /** True when either counter has used up its allowance. */
  async blocked(username: string, ip: string): Promise<boolean> {
    const [account, address] = await Promise.all([this.store.count(accountKey(username)), this.store.count(addressKey(ip))]);
    return account >= this.limits.perAccount || address >= this.limits.perAddress;
  }

  async failed(username: string, ip: string): Promise<void> {
    await Promise.all([this.store.increment(accountKey(username)), this.store.increment(addressKey(ip))]);
  }

  async succeeded(username: string): Promise<void> {
    await this.store.clear(accountKey(username));
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
    const now = this.now();
    const windowOpen = new Date(now.getTime() - this.windowMs);
    // One statement, so concurrent failures are all counted.
    await this.db
      .insert(loginAttempts)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          count: sql`case when ${loginAttempts.windowStart} <= ${windowOpen.toISOString()}::timestamptz then 1 else ${loginAttempts.count} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} <= ${windowOpen.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  }

  async close(): Promise<void> {}
}

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

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createLoginThrottle(db: Db, redisUrl: string | undefined, limits: ThrottleLimits = DEFAULT_LIMITS): LoginThrottle {
  const store = redisUrl ? new RedisCounterStore(redisUrl, limits.windowMs) : new DatabaseCounterStore(db, limits.windowMs);
  return new LoginThrottle(store, limits);
}
