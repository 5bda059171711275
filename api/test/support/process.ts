/**
 * Real API processes for tests that need more than `app.inject`: `api/src/main.ts` as `npm start` runs it, on a free
 * port, and a cookie-and-CSRF-keeping client that can talk to any of them.
 */
import { randomInt } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../../src/config.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  log: () => string;
}

export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { url: `http://127.0.0.1:${port}`, child, log: () => output };
}

/**
 * `npm start` as an operator runs it (package.json → scripts/start.mjs → api/src/main.ts), in a process group of its
 * own as systemd or a shell job gives it: `signalGroup` then signals every process in it, like `kill -- -PGID`.
 */
export async function startNpmStart(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { url: `http://127.0.0.1:${port}`, child, log: () => output };
}

/** Sends a signal to every process of the group a `startNpmStart` process leads; false when none is left. */
export function signalGroup(api: ApiProcess, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-api.child.pid!, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Resolves with the exit code and signal of the process once it has exited. */
export function exited(api: ApiProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) {
    return Promise.resolve({ code: api.child.exitCode, signal: api.child.signalCode });
  }
  return new Promise((resolve) => api.child.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function waitHealthy(api: ApiProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`API exited with ${api.child.exitCode}:\n${api.log()}`);
    try {
      if ((await fetch(`${api.url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    // A refused connection answers at once: asking often costs nothing and finds the process ready sooner.
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`API at ${api.url} not healthy:\n${api.log()}`);
}

/** A browser's cookie jar and CSRF token, pointed at any of the processes. */
export class Client {
  cookie = '';
  token = '';
  /** The login device cookie (`device=…`), sent back like a browser does. */
  device = '';

  /**
   * Sent as X-Forwarded-For (an API process started with TRUST_PROXY takes it as the client). Each client has its
   * own address unless given one, as shoppers do: per-client limits (registrations, reservation caps) then count
   * what a test means them to, and counters a shared Redis keeps from an earlier run within the hour never meet it.
   */
  constructor(readonly forwardedFor: string = `198.18.${randomInt(256)}.${randomInt(1, 255)}`) {}

  async open(base: string): Promise<this> {
    const res = await fetch(`${base}/`, { headers: { accept: 'text/html', cookie: this.cookie } });
    this.keep(res);
    this.token = /<meta name="csrf-token" content="([^"]+)">/.exec(await res.text())?.[1] ?? this.token;
    return this;
  }

  private keep(res: Response): void {
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    const device = res.headers.getSetCookie().find((c) => c.startsWith('device='));
    if (device) this.device = device.split(';')[0]!;
    const token = res.headers.get('x-csrf-token');
    if (token) this.token = token;
  }

  async send(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        cookie: [this.cookie, path.startsWith('/customers/login') ? this.device : ''].filter(Boolean).join('; '),
        'x-csrf-token': this.token,
        'x-requested-with': 'XMLHttpRequest',
        'x-forwarded-for': this.forwardedFor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
}

/** Stops a process (SIGTERM, or SIGKILL to simulate a crash) and waits for it to exit. */
export async function stopApi(api: ApiProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((r) => api.child.once('exit', r));
  api.child.kill(signal);
  await exited;
}
