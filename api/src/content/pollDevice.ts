/**
 * The poll device cookie: how an anonymous voter is recognised (content/polls.ts participantOf). A random id kept a
 * year, not the session, so that fresh sessions in one browser are still one voter. HttpOnly and SameSite=Lax like
 * the session cookie, Secure in production, and sent to the poll routes only. The table keeps the id's SHA-256, so
 * the stored answers cannot be replayed as someone's cookie. A voter who clears cookies is a new device: the client
 * address's allowance for anonymous answers (ANONYMOUS_ANSWER_LIMIT) bounds what that buys.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDeviceId, newDeviceId } from '../server/deviceId.js';

export const POLL_DEVICE_COOKIE = 'poll_device';
export const POLL_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

const hashed = (value: string) => createHash('sha256').update(value).digest('hex');

/** The device of a cookie value (its hash), or null for a missing or malformed one. */
export function deviceOfCookie(value: string | undefined): string | null {
  return isDeviceId(value) ? hashed(value) : null;
}

/** The request's device, or null when it has no (well-formed) device cookie. */
export function requestDevice(request: FastifyRequest): string | null {
  return deviceOfCookie(request.cookies[POLL_DEVICE_COOKIE]);
}

/** The request's device; a new one (and its cookie on the reply) when it has none. */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply, options: { path: string; secure: boolean; now?: Date }): string {
  const existing = requestDevice(request);
  if (existing) return existing;
  const value = newDeviceId();
  reply.setCookie(POLL_DEVICE_COOKIE, value, {
    path: options.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires: new Date((options.now ?? new Date()).getTime() + POLL_DEVICE_TTL_MS),
  });
  return hashed(value);
}
