import { describe, expect, it } from 'vitest';
import { KnownSessions, type SessionData } from '../../src/server/session.js';

const session = (id: string, expiresAt: number, csrfToken = `token-${id}`): SessionData => ({ id, csrfToken, customerId: null, expiresAt: new Date(expiresAt) });

describe('KnownSessions (the CSRF check without a database read)', () => {
  const ttl = 1000;
  const far = 10_000_000;
  it.each([
    { case: 'within the TTL', rememberedAt: 0, askedAt: 999, expiresAt: far, expected: 'token-a' },
    { case: 'at the end of the TTL', rememberedAt: 0, askedAt: 1000, expiresAt: far, expected: undefined },
    { case: 'past the session expiry, inside the TTL', rememberedAt: 0, askedAt: 500, expiresAt: 400, expected: undefined },
    { case: 'just before the session expiry', rememberedAt: 0, askedAt: 399, expiresAt: 400, expected: 'token-a' },
  ])('$case → $expected', ({ rememberedAt, askedAt, expiresAt, expected }) => {
    const known = new KnownSessions(ttl);
    known.remember(session('a', expiresAt), rememberedAt);
    expect(known.csrfToken('a', askedAt)).toBe(expected);
  });

  it('drops an entry once it is no longer trusted, and forgets on demand', () => {
    const known = new KnownSessions(ttl);
    known.remember(session('a', far), 0);
    known.remember(session('b', far), 0);
    expect(known.csrfToken('a', 2000)).toBeUndefined();
    expect(known.size).toBe(1);
    known.forget('b');
    expect(known.csrfToken('b', 1)).toBeUndefined();
    expect(known.size).toBe(0);
  });

  it('keeps at most its bound, dropping the session remembered longest ago; remembering again renews', () => {
    const known = new KnownSessions(ttl, 2);
    known.remember(session('a', far), 0);
    known.remember(session('b', far), 0);
    known.remember(session('a', far), 10);
    known.remember(session('c', far), 20);
    expect(known.size).toBe(2);
    expect(known.csrfToken('b', 30)).toBeUndefined();
    expect(known.csrfToken('a', 1005)).toBe('token-a');
    expect(known.csrfToken('c', 30)).toBe('token-c');
  });

  it('never knows a session it was not told about', () => {
    expect(new KnownSessions().csrfToken('x', 0)).toBeUndefined();
  });
});
