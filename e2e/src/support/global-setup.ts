import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactsDir, repoRoot, TEMPLATE_DIR_ENV } from './paths.js';
import { RUNNING_SHOPS_ENV, startShop, stopLeftShops } from './server.js';

/**
 * Builds what is stale (as `npm start` does) and seeds one template database the journeys copy. The run's shops
 * register in a directory of this run's own; the teardown stops any a journey left behind (a test that timed out in
 * the middle of a restart never reached its afterAll), so none goes on eating the machine's two cores.
 */
export default async function globalSetup(): Promise<() => void> {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  mkdirSync(artifactsDir, { recursive: true });
  // The run's own template unless one is named: two runs on one machine (two developers, or one journey file run
  // beside another) each seeded the same directory, and one's server found the other's half-written files.
  const ownTemplate = !process.env[TEMPLATE_DIR_ENV];
  const template = process.env[TEMPLATE_DIR_ENV] ?? mkdtempSync(join(tmpdir(), 'shop-e2e-template-'));
  rmSync(template, { recursive: true, force: true });
  mkdirSync(template, { recursive: true });
  // The journeys' workers start after this and read it (paths.ts).
  process.env[TEMPLATE_DIR_ENV] = template;
  const registry = mkdtempSync(join(tmpdir(), 'shop-e2e-running-'));
  process.env[RUNNING_SHOPS_ENV] = registry;
  const server = await startShop({}, { dataDir: template, keepData: true });
  await server.stop();
  return () => {
    const stopped = stopLeftShops(registry);
    if (stopped > 0) console.warn(`[e2e] stopped ${stopped} shop process(es) a journey left running`);
    rmSync(registry, { recursive: true, force: true });
    if (ownTemplate) rmSync(template, { recursive: true, force: true });
  };
}
