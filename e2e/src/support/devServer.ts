import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.js';
import { freePort, registerForTeardown } from './server.js';

export interface DevServer {
  origin: string;
  /** What the dev server printed so far (its own and the server build's messages). */
  log(): string;
  stop(): Promise<void>;
}

const RSPACK_CLI = join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');

/**
 * A remote's dev server as its team runs it (`npm run dev` in the package: `rspack serve --mode development`), from
 * `packageDir` on a free port. Ready once both its browser build (mf-manifest.json) and its server build
 * (/server/remoteEntry.js) answer.
 */
export async function startDevServer(packageDir: string, env: Record<string, string> = {}, timeoutMs = 120_000): Promise<DevServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, [RSPACK_CLI, 'serve', '--mode', 'development', '--port', String(port)], {
    cwd: packageDir,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  registerForTeardown(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const answers = async (path: string) => {
    try {
      return (await fetch(`${origin}${path}`, { method: 'HEAD', signal: AbortSignal.timeout(30_000) })).ok;
    } catch {
      return false;
    }
  };
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 500))) {
    if (child.exitCode !== null) throw new Error(`the dev server in ${packageDir} exited with ${child.exitCode}:\n${output}`);
    if ((await answers('/mf-manifest.json')) && (await answers('/server/remoteEntry.js'))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the dev server in ${packageDir} did not serve both builds in ${timeoutMs} ms:\n${output}`);
    }
  }
  return { origin, log: () => output, stop };
}
