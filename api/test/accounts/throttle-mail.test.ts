/**
 * Login throttling on each counter store (database on every test database, Redis when one answers at
 * TEST_REDIS_URL or redis://127.0.0.1:6379), through the app with REDIS_URL set, and SMTP delivery against a
 * local SMTP stand-in speaking RFC 5321.
 */
import fs from 'node:fs';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { authErrorTexts } from '@shop/contracts/texts/forms';
import * as s from '../../src/db/schema.js';
import { DatabaseCounterStore, DEFAULT_LIMITS, LoginThrottle, RedisCounterStore, type CounterStore } from '../../src/accounts/throttle.js';
import { sendSmtp } from '../../src/accounts/mail.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';
import { useTestApp } from '../support/app.js';
import { Browser, makeShellTree } from './browser.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.on('connect', () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
}
const haveRedis = await redisAnswers(REDIS_URL);
if (!haveRedis) console.warn(`Redis does not answer at ${REDIS_URL}: the Redis throttling tests are skipped`);

const limits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };

function throttleContract(makeStore: () => Promise<{ store: CounterStore; advance?: (ms: number) => void }>) {
  it('blocks an account after its failures, independent of the address; success clears it', async () => {
    const { store } = await makeStore();
    const throttle = new LoginThrottle(store, limits);
    const user = `u${randomBytes(4).toString('hex')}@example.no`;
    for (let i = 0; i < limits.perAccount; i++) {
      expect(await throttle.blocked(user, '10.1.1.1')).toBe(false);
      await throttle.failed(user, `10.1.1.${i}`);
    }
    expect(await throttle.blocked(user, '10.9.9.9')).toBe(true);
    expect(await throttle.blocked(user.toUpperCase(), '10.9.9.9')).toBe(true);
    await throttle.succeeded(user);
    expect(await throttle.blocked(user, '10.9.9.9')).toBe(false);
  });

  it('blocks an address after failures on many accounts', async () => {
    const { store } = await makeStore();
    const throttle = new LoginThrottle(store, limits);
    const ip = `10.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < limits.perAddress; i++) await throttle.failed(`x${i}${randomBytes(3).toString('hex')}@example.no`, ip);
    expect(await throttle.blocked('fresh@example.no', ip)).toBe(true);
    expect(await throttle.blocked('fresh@example.no', '10.3.3.3')).toBe(false);
  });

  it('counts concurrent failures', async () => {
    const { store } = await makeStore();
    const key = `account:c${randomBytes(4).toString('hex')}`;
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
  throttleContract(async () => ({ store: new DatabaseCounterStore(testDb.database.db, limits.windowMs, () => new Date(now)) }));

  it('a window ends: old failures stop counting and the next failure starts a new window', async () => {
    const store = new DatabaseCounterStore(testDb.database.db, limits.windowMs, () => new Date(now));
    const key = 'account:window@example.no';
    for (let i = 0; i < 3; i++) await store.increment(key);
    expect(await store.count(key)).toBe(3);
    now += limits.windowMs;
    expect(await store.count(key)).toBe(0);
    await store.increment(key);
    expect(await store.count(key)).toBe(1);
  });
});

describe.runIf(haveRedis)('Redis counter store', () => {
  const stores: RedisCounterStore[] = [];
  const prefix = `test-throttle:${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    if (stores[0]) {
      const keys = await stores[0].redis.keys(`${prefix}*`);
      if (keys.length) await stores[0].redis.del(...keys);
    }
    await Promise.all(stores.map((st) => st.close()));
  });
  throttleContract(async () => {
    const store = new RedisCounterStore(REDIS_URL, limits.windowMs, prefix);
    stores.push(store);
    return { store };
  });

  it('sets the window as the key expiry', async () => {
    const store = new RedisCounterStore(REDIS_URL, limits.windowMs, prefix);
    stores.push(store);
    await store.increment('account:ttl');
    const ttl = await store.redis.pttl(`${prefix}account:ttl`);
    expect(ttl).toBeGreaterThan(limits.windowMs - 5_000);
    expect(ttl).toBeLessThanOrEqual(limits.windowMs);
  });
});

describe.runIf(haveRedis)('the app throttles logins in Redis when REDIS_URL is set', () => {
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

  it('429 after too many failures; nothing is counted in login_attempts', async () => {
    const b = await new Browser(() => t().app, '10.77.0.1').open();
    const email = `redis${randomBytes(4).toString('hex')}@example.no`;
    const reg = await b.post('/customers/register', {
      first_name: 'R', last_name: 'D', email, phone: `9${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`,
      password: 'hemmelig-123', password_confirmation: 'hemmelig-123', terms_conditions: 1,
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await b.post('/customers/logout');
    for (let i = 0; i < DEFAULT_LIMITS.perAccount; i++) expect((await b.post('/customers/login', { username: email, password: 'feil' })).statusCode).toBe(422);
    const blocked = await b.post('/customers/login', { username: email, password: 'hemmelig-123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authErrorTexts[429]);
    expect(await t().db.select().from(s.loginAttempts).where(like(s.loginAttempts.key, '%redis%'))).toEqual([]);
    // Clean up the shared Redis.
    const store = new RedisCounterStore(REDIS_URL, 1000);
    await store.clear(`account:${email}`);
    await store.clear('ip:10.77.0.1');
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

