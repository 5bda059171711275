/**
 * Login throttling on each counter store (database on every test database, Redis when TEST_REDIS_URL is set), through
 * the app with REDIS_URL set, and SMTP delivery against a local SMTP stand-in speaking RFC 5321.
 */
import fs from 'node:fs';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { authErrorTexts } from '@shop/contracts/texts/forms';
import * as s from '../../src/db/schema.js';
import { COUNTER_WINDOW_MS, DatabaseCounterStore, DEFAULT_RULES, LoginThrottle, RedisCounterStore, type CounterStore, type LoginRules } from '../../src/accounts/throttle.js';
import { sendSmtp } from '../../src/accounts/mail.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';
import { useTestApp } from '../support/app.js';
import { NEEDS_REDIS, testRedisUrl } from '../support/services.js';
import { Browser, makeShellTree } from './browser.js';

const REDIS_URL = testRedisUrl ?? '';
const haveRedis = Boolean(testRedisUrl);

const rules: LoginRules = {
  pair: { free: 3, firstDelayMs: 1000, maxDelayMs: 8000 },
  client: { free: 6, firstDelayMs: 500, maxDelayMs: 4000 },
  account: { free: 4, firstDelayMs: 2000, maxDelayMs: 8000 },
  windowMs: 60_000,
  deviceMs: 600_000,
};
const unique = () => randomBytes(4).toString('hex');

/** The behaviour every store must give the throttle, with the throttle's clock injected (`clock.now`). */
function throttleContract(makeStore: () => Promise<CounterStore>) {
  const clock = { now: Date.now() };
  const throttleOn = async () => new LoginThrottle(await makeStore(), rules, () => clock.now);
  const attempt = (account: string, client: string, knownDevice: string | null = null) => ({ account, client, knownDevice });

  it('the pair: free attempts, then each waits twice as long; allowed again after the wait; a success clears it', async () => {
    const throttle = await throttleOn();
    // Only the pair counter applies to a known device.
    const a = attempt(`c${unique()}`, '10.1.1.1', 'device-a');
    for (let i = 0; i < rules.pair.free; i++) expect((await throttle.begin(a)).waitMs).toBe(0);
    expect((await throttle.begin(a)).waitMs).toBe(1000);
    clock.now += 999;
    expect((await throttle.begin(a)).waitMs).toBe(1);
    clock.now += 1;
    expect((await throttle.begin(a)).waitMs).toBe(0);
    expect((await throttle.begin(a)).waitMs).toBe(2000);
    // Another device, even from the same address, is not held back by this one.
    expect((await throttle.begin(attempt(a.account, '10.1.1.1', 'device-b'))).waitMs).toBe(0);
    clock.now += 2000;
    const turn = await throttle.begin(a);
    expect(turn.waitMs).toBe(0);
    await turn.succeeded();
    for (let i = 0; i < rules.pair.free; i++) expect((await throttle.begin(a)).waitMs).toBe(0);
  });

  it('refused attempts cost nothing: hammering does not make the wait longer', async () => {
    const throttle = await throttleOn();
    const a = attempt(`c${unique()}`, '10.1.2.1');
    for (let i = 0; i < rules.pair.free; i++) await throttle.begin(a);
    for (let i = 0; i < 20; i++) expect((await throttle.begin(a)).waitMs).toBe(1000);
    clock.now += 1000;
    expect((await throttle.begin(a)).waitMs).toBe(0);
  });

  it('many clients on one account slow new devices after the account allowance; a known device is never held back', async () => {
    const throttle = await throttleOn();
    const account = `c${unique()}`;
    for (let i = 0; i < rules.account.free; i++) expect((await throttle.begin(attempt(account, `10.2.0.${i}`))).waitMs).toBe(0);
    expect((await throttle.begin(attempt(account, '10.2.1.1'))).waitMs).toBe(2000);
    expect((await throttle.begin(attempt(account, '10.2.1.2', 'device'))).waitMs).toBe(0);
  });

  it('one client failing on many accounts is slowed after its allowance; other clients are not', async () => {
    const throttle = await throttleOn();
    const client = `10.3.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < rules.client.free; i++) expect((await throttle.begin(attempt(`c${unique()}`, client))).waitMs).toBe(0);
    expect((await throttle.begin(attempt(`c${unique()}`, client))).waitMs).toBe(500);
    // The owner's known device on that address is not held back by it.
    expect((await throttle.begin(attempt(`c${unique()}`, client, 'device'))).waitMs).toBe(0);
    expect((await throttle.begin(attempt(`c${unique()}`, '10.3.3.3'))).waitMs).toBe(0);
  });

  it('a successful login is taken back from the client counter (it counts failures only)', async () => {
    const throttle = await throttleOn();
    const client = `10.4.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < rules.client.free * 2; i++) {
      const turn = await throttle.begin(attempt(`c${unique()}`, client));
      expect(turn.waitMs).toBe(0);
      await turn.succeeded();
    }
  });

  it('a burst of parallel attempts on one pair: only the free ones go ahead', async () => {
    const throttle = await throttleOn();
    const a = attempt(`c${unique()}`, '10.5.5.5', 'device');
    const turns = await Promise.all(Array.from({ length: 12 }, () => throttle.begin(a)));
    expect(turns.filter((t) => t.waitMs === 0)).toHaveLength(rules.pair.free);
  });

  it('remembers a device for an account for deviceMs', async () => {
    const throttle = await throttleOn();
    const account = `c${unique()}`;
    const device = randomBytes(32).toString('base64url');
    expect(await throttle.isKnownDevice(account, device)).toBe(false);
    await throttle.rememberDevice(account, device);
    expect(await throttle.isKnownDevice(account, device)).toBe(true);
    expect(await throttle.isKnownDevice(`${account}x`, device)).toBe(false);
    clock.now += rules.deviceMs;
    expect(await throttle.isKnownDevice(account, device)).toBe(false);
  });

  it('a window ends: after it, the free attempts are back', async () => {
    const throttle = await throttleOn();
    const a = attempt(`c${unique()}`, '10.6.6.6');
    for (let i = 0; i < rules.pair.free; i++) await throttle.begin(a);
    expect((await throttle.begin(a)).waitMs).toBeGreaterThan(0);
    clock.now += rules.windowMs;
    for (let i = 0; i < rules.pair.free; i++) expect((await throttle.begin(a)).waitMs).toBe(0);
  });

  it('counts concurrent failures', async () => {
    const store = await makeStore();
    const key = `account:c${unique()}`;
    await Promise.all(Array.from({ length: 8 }, () => store.increment(key)));
    expect(await store.count(key)).toBe(8);
  });
}

describe.each(testDatabaseKinds())('database counter store on %s', (kind) => {
  let testDb: TestDatabase;
  let now = Date.now();
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(() => testDb?.drop());
  throttleContract(async () => new DatabaseCounterStore(testDb.database.db, rules.windowMs, () => new Date(now)));

  it('a window ends: old failures stop counting and the next failure starts a new window', async () => {
    const store = new DatabaseCounterStore(testDb.database.db, rules.windowMs, () => new Date(now));
    const key = 'account:window@example.no';
    for (let i = 0; i < 3; i++) await store.increment(key);
    expect(await store.count(key)).toBe(3);
    now += rules.windowMs;
    expect(await store.count(key)).toBe(0);
    await store.increment(key);
    expect(await store.count(key)).toBe(1);
  });

  it('purge removes ended login and mail counters and keeps live ones and other users\' keys', async () => {
    let clock = Date.now();
    const store = new DatabaseCounterStore(testDb.database.db, rules.windowMs);
    const throttle = new LoginThrottle(store, rules, () => clock);
    const old = { account: `c${unique()}`, client: '10.7.7.7', knownDevice: null };
    await throttle.begin(old);
    await store.hit('poll:someone-else', 1000, clock);
    // Mail limits and issue 6's counters: fixed windows of COUNTER_WINDOW_MS.
    await store.hit('reset:kari@example.no', COUNTER_WINDOW_MS, clock - COUNTER_WINDOW_MS);
    await store.hit('ip:10.7.7.7', COUNTER_WINDOW_MS, clock - COUNTER_WINDOW_MS);
    clock += rules.windowMs + 1;
    const live = { account: `c${unique()}`, client: '10.7.7.8', knownDevice: null };
    await throttle.begin(live);
    await throttle.purge();
    const keys = (await testDb.database.db.select().from(s.loginAttempts)).map((row) => row.key);
    expect(keys).not.toContain(`login:pair:${old.account}|${old.client}`);
    expect(keys).toContain(`login:pair:${live.account}|${live.client}`);
    expect(keys).toContain('poll:someone-else');
    expect(keys).not.toContain('reset:kari@example.no');
    expect(keys).not.toContain('ip:10.7.7.7');
  });
});

describe.runIf(haveRedis)(`Redis counter store: ${NEEDS_REDIS}`, () => {
  const stores: RedisCounterStore[] = [];
  const prefix = `test-throttle:${unique()}:`;
  afterAll(async () => {
    if (stores[0]) {
      const keys = await stores[0].redis.keys(`${prefix}*`);
      if (keys.length) await stores[0].redis.del(...keys);
    }
    await Promise.all(stores.map((st) => st.close()));
  });
  const newStore = () => {
    const store = new RedisCounterStore(REDIS_URL, rules.windowMs, prefix);
    stores.push(store);
    return store;
  };
  throttleContract(async () => newStore());

  it('sets the window as the key expiry, for count/increment and for hit', async () => {
    const store = newStore();
    await store.increment('account:ttl');
    await store.hit('login:pair:ttl', rules.windowMs, Date.now());
    await store.refund('login:pair:gone');
    for (const key of ['account:ttl', 'login:pair:ttl']) {
      const ttl = await store.redis.pttl(`${prefix}${key}`);
      expect(ttl).toBeGreaterThan(rules.windowMs - 5_000);
      expect(ttl).toBeLessThanOrEqual(rules.windowMs);
    }
    // Taking back an attempt never recreates a key without expiry.
    expect(await store.redis.exists(`${prefix}login:pair:gone`)).toBe(0);
  });
});

describe.runIf(haveRedis)(`the app throttles logins in Redis when REDIS_URL is set: ${NEEDS_REDIS}`, () => {
  const root = makeShellTree();
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.REDIS_URL;
    process.env.REDIS_URL = REDIS_URL;
  });
  const t = useTestApp('pglite', { rootDir: root });
  afterAll(() => {
    if (saved === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('429 after the free failures, for that client only; nothing is counted in login_attempts', async () => {
    const ip = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const b = await new Browser(() => t().app, ip).open();
    const email = `redis${unique()}@example.no`;
    const reg = await b.post('/customers/register', {
      first_name: 'R', last_name: 'D', email, phone: `9${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`,
      password: 'hemmelig-123', password_confirmation: 'hemmelig-123', terms_conditions: 1,
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await b.post('/customers/logout');
    for (let i = 0; i < DEFAULT_RULES.pair.free; i++) expect((await b.post('/customers/login', { username: email, password: 'feil' })).statusCode).toBe(422);
    const blocked = await b.post('/customers/login', { username: email, password: 'hemmelig-123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authErrorTexts[429]);
    const elsewhereIp = `10.78.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const elsewhere = await new Browser(() => t().app, elsewhereIp).open();
    expect((await elsewhere.post('/customers/login', { username: email, password: 'hemmelig-123' })).statusCode).toBe(200);
    expect(await t().db.select().from(s.loginAttempts).where(like(s.loginAttempts.key, 'login:%'))).toEqual([]);
    // Clean up the shared Redis.
    const store = new RedisCounterStore(REDIS_URL, 1000);
    const id = reg.json().id as number;
    const keys = [
      ...(await store.redis.keys(`login-throttle:*${ip}*`)),
      ...(await store.redis.keys(`login-throttle:*${elsewhereIp}*`)),
      ...(await store.redis.keys(`login-throttle:login:device:c${id}.*`)),
      ...(await store.redis.keys(`login-throttle:login:account:c${id}.*`)),
    ];
    await store.redis.del(...keys);
    await store.close();
  });
});

describe('SMTP delivery', () => {
  it('speaks SMTP to a server and dot-stuffs the body', async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let i: number;
        while ((i = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          received.push(line);
          if (inData) {
            if (line === '.') {
              inData = false;
              socket.write('250 queued\r\n');
            }
          } else if (line.startsWith('EHLO')) socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (line === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (line === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await sendSmtp(`smtp://127.0.0.1:${port}`, 'butikk@example.no', { to: 'kari@example.no', subject: 'Hei', body: 'Linje 1\n.skjult punktum' });
    server.close();
    expect(received).toContain('MAIL FROM:<butikk@example.no>');
    expect(received).toContain('RCPT TO:<kari@example.no>');
    expect(received).toContain('..skjult punktum');
    expect(received.at(-1)).toBe('QUIT');
  });

  it('rejects when the server refuses the recipient', async () => {
    const server = net.createServer((socket) => {
      socket.write('220 test\r\n');
      socket.on('data', (chunk) => socket.write(chunk.toString().startsWith('RCPT') ? '550 no such user\r\n' : '250 ok\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await expect(sendSmtp(`smtp://127.0.0.1:${port}`, 'a@example.no', { to: 'b@example.no', subject: 's', body: 'b' })).rejects.toThrow(/550/);
    server.close();
  });
});

