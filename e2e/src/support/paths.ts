import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * A database seeded once per run; each server copies it so servers never share a data directory.
 * E2E_TEMPLATE_DIR lets two runs on one machine keep their templates apart.
 */
export const templateDataDir = process.env.E2E_TEMPLATE_DIR ?? join(repoRoot, 'e2e', 'artifacts', 'template-db');
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
