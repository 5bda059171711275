/**
 * `npm run seed -w @shop/api` — migrate and seed a database outside the server, with timings.
 * Uses DATABASE_URL when set, else the server's embedded database (DATA_DIR, default the repo root's .data; see
 * cliDataDir) or --data-dir (`memory://` for a throw-away one).
 * SEED_ARTICLES (or --articles N) sets the catalogue size. Seeding an already seeded database does nothing.
 */
import { parseArgs } from 'node:util';
import { cliDataDir, REPO_ROOT } from '../config.js';
import { migrateDatabase, openDatabase } from '../db/index.js';
import { insertStats } from './insert.js';
import { seedDatabase } from './index.js';

const { values } = parseArgs({
  options: {
    articles: { type: 'string' },
    'data-dir': { type: 'string' },
    stats: { type: 'boolean', default: false },
  },
});

const articlesArg = values.articles ?? process.env.SEED_ARTICLES;
const articles = articlesArg === undefined ? undefined : Number(articlesArg);
if (articles !== undefined && (!Number.isInteger(articles) || articles < 0)) {
  console.error(`[seed] articles must be a non-negative integer, got "${articlesArg}"`);
  process.exit(2);
}

const t0 = performance.now();
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: values['data-dir'] ?? cliDataDir(process.env, process.cwd(), REPO_ROOT) });
try {
  console.log(`[seed] database: ${database.kind} (${database.location}), open in ${Math.round(performance.now() - t0)} ms`);
  const tm = performance.now();
  await migrateDatabase(database.db);
  console.log(`[seed] migrations: ${Math.round(performance.now() - tm)} ms`);
  const result = await seedDatabase(database.db, { articles, log: (m) => console.log(`[seed] ${m}`) });
  if (!result.seeded) console.log('[seed] database already has articles: nothing to do');
  else console.log(`[seed] ${result.articles} articles, ${result.variants} variants in ${((result.ms ?? 0) / 1000).toFixed(2)} s`);
  if (values.stats) {
    for (const [table, s] of Object.entries(insertStats)) console.log(`[seed]   ${table.padEnd(22)} ${String(s.rows).padStart(9)} rows ${String(Math.round(s.ms)).padStart(7)} ms`);
  }
} finally {
  await database.close();
}
