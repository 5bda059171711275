/**
 * The login device cookie (OWASP "device cookie", issue 18): a random value set on a successful login and
 * remembered for that account (LoginThrottle.rememberDevice, stored only as a hash). A device holding it is never
 * slowed down by other clients' failures on the account. It only exempts from the per-account counter: a stolen
 * one still meets the per-(account, client) and per-client slow-downs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDeviceId, newDeviceId } from '../server/deviceId.js';

export const DEVICE_COOKIE = 'device';

/** The request's device cookie when it has the shape of one. */
export function deviceCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return isDeviceId(value) ? value : null;
}

/** Sets (or renews) the device cookie, only sent to the login routes under `path`; returns its value. */
export function setDeviceCookie(reply: FastifyReply, current: string | null, options: { path: string; secure: boolean; maxAgeMs: number }): string {
  const value = current ?? newDeviceId();
  reply.setCookie(DEVICE_COOKIE, value, {
    path: options.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: Math.floor(options.maxAgeMs / 1000),
  });
  return value;
}
