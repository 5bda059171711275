/**
 * The random ids the shop keeps in long-lived device cookies (the login throttle's known devices,
 * accounts/deviceCookie.ts; anonymous poll voters, content/pollDevice.ts): 32 random bytes in base64url. A cookie
 * value of any other shape is treated as no cookie.
 */
import { randomBytes } from 'node:crypto';

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceId = (): string => randomBytes(32).toString('base64url');

export const isDeviceId = (value: string | undefined): value is string => value !== undefined && DEVICE_ID.test(value);
