/**
 * A tiny cookie-and-CSRF-keeping client for API tests: it opens the shop (index.html renders the CSRF token),
 * sends the session cookie and X-CSRF-TOKEN like the real front end, and picks up the rotated cookie/token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app.js';
import { sessionCookieOf } from '../support/app.js';
import { writeFakeShellRenderer } from '../support/shellRenderer.js';

/** A built-looking tree with only the shell's index.html and a stand-in renderer (enough to render the CSRF token). */
export function makeShellTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-'));
  const shell = path.join(root, 'shell', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html><html><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body></body></html>');
  writeFakeShellRenderer(root);
  return root;
}

/** The `device=…` pair of a response's set-cookie header (the login device cookie, accounts/deviceCookie.ts). */
function deviceCookieOf(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  for (const c of list as string[]) {
    const pair = c.split(';')[0]!;
    if (pair.startsWith('device=')) return pair;
  }
  return null;
}

export class Browser {
  cookie: string | null = null;
  token: string | null = null;
  /** The login device cookie, kept like a browser keeps it (sent to the login routes). */
  device: string | null = null;

  constructor(
    private readonly app: () => App,
    readonly ip = '127.0.0.1',
  ) {}

  async open(): Promise<this> {
    const res = await this.app().inject({ method: 'GET', url: '/', headers: { accept: 'text/html', ...(this.cookie ? { cookie: this.cookie } : {}) }, remoteAddress: this.ip });
    this.cookie = sessionCookieOf(res.headers) ?? this.cookie;
    this.token = /<meta name="csrf-token" content="([^"]+)">/.exec(res.body)?.[1] ?? null;
    return this;
  }

  async send(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extra: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...extra.headers };
    const cookies = [this.cookie, url.startsWith('/customers/login') ? this.device : null].filter(Boolean);
    if (cookies.length) headers.cookie = cookies.join('; ');
    if (this.token && extra.csrf !== false) headers['x-csrf-token'] = this.token;
    const res = await this.app().inject({
      method,
      url: `/api/v1${url}`,
      headers,
      remoteAddress: this.ip,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    const cookie = sessionCookieOf(res.headers);
    if (cookie) this.cookie = cookie;
    this.device = deviceCookieOf(res.headers) ?? this.device;
    const token = res.headers['x-csrf-token'];
    if (typeof token === 'string') this.token = token;
    return res;
  }

  get = (url: string) => this.send('GET', url);
  post = (url: string, payload?: unknown) => this.send('POST', url, payload ?? {});
  put = (url: string, payload: unknown) => this.send('PUT', url, payload);
  delete = (url: string) => this.send('DELETE', url);
}
