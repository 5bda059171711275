/**
 * The API process's one logger: pino, the logger Fastify logs requests and errors with, so everything the process
 * says is one JSON line of the same shape — the front-end build `npm start` runs first (scripts/start.mjs), the
 * start-up steps (main.ts), the app's own messages and the shutdown. Level: LOG_LEVEL (default info).
 *
 * One instance per process: scripts/start.mjs and main.ts both ask for it here.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** What the start-up steps and helpers that report take: plain messages at three levels. */
export interface MessageLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

let instance: Logger | null = null;

export function processLogger(): Logger {
  // An unknown LOG_LEVEL is loadConfig's to report (main.ts sets the level from the configuration): info until then.
  const level = process.env.LOG_LEVEL && process.env.LOG_LEVEL in pino.levels.values ? process.env.LOG_LEVEL : 'info';
  instance ??= pino({ level });
  return instance;
}

/** `logger` as plain messages (pino's methods need their logger as `this`). */
export function messageLog(logger: Logger): MessageLog {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message) => logger.error(message),
  };
}
