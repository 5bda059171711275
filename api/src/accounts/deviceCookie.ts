/**
 * The login device cookie (OWASP "device cookie", issue 18): a random value set on a successful login and
 * remembered for that account (LoginThrottle.rememberDevice, stored only as a hash). A device holding it is never
 * slowed down by other clients' failures on the account. It only exempts from the per-account counter: a stolen
 * one still meets the per-(account, client) and per-client slow-downs.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The request's device cookie when it has the shape of one. */
export function deviceCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return value && DEVICE_COOKIE_PATTERN.test(value) ? value : null;
}

/** Sets (or renews) the device cookie, only sent to the login routes under `path`; returns its value. */
export function setDeviceCookie(reply: FastifyReply, current: string | null, options: { path: string; secure: boolean; maxAgeMs: number }): string {
  const value = current ?? randomBytes(32).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, value, {
    path: options.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: Math.floor(options.maxAgeMs / 1000),
  });
  return value;
}
