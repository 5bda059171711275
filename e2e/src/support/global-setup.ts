import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, repoRoot, templateDataDir } from './paths.js';
import { startShop } from './server.js';

/** Builds what is stale (as `npm start` does) and seeds one template database the journeys copy. */
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  mkdirSync(artifactsDir, { recursive: true });
  rmSync(templateDataDir, { recursive: true, force: true });
  mkdirSync(templateDataDir, { recursive: true });
  const server = await startShop({}, { dataDir: templateDataDir, keepData: true });
  await server.stop();
}
