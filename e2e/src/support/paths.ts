import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** Names the run's template database directory (global-setup.ts: a temporary one of the run's own unless set). */
export const TEMPLATE_DIR_ENV = 'E2E_TEMPLATE_DIR';
/** A database seeded once per run; each server copies it so servers never share a data directory. */
export const templateDataDir = process.env[TEMPLATE_DIR_ENV] ?? join(repoRoot, 'e2e', 'artifacts', 'template-db');
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
