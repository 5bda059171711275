/**
 * Seeds an empty database with the demo shop. Deterministic (fixed-seed PRNG; same data on every run for the same
 * day), idempotent (nothing happens once articles exist; each part also checks its own marker table, so a run that
 * died half-way completes on the next start), and fast: three transactions (geo, base, catalogue), every table
 * filled with chunked one-statement bulk inserts, the catalogue streamed in chunks so 200 000 articles fit in memory.
 */
import { hash } from '@node-rs/argon2';
import { count, sql } from 'drizzle-orm';
import type { PgDatabase, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.js';
import {
  CatalogueState,
  DEFAULT_ARTICLES,
  SEED,
  generateArticle,
  type ArticleRow,
  type ReviewRow,
  type StockRow,
  type VariantRow,
} from './catalogue.js';
import {
  BLOG_POSTS,
  DEMO_CUSTOMERS,
  blogCategoryRows,
  blogPostRows,
  campaignRows,
  group2Rows,
  group3Rows,
  homeLayoutRows,
  mainGroupRows,
  pollRows,
  promocodeRows,
  shippingMethodRows,
  socialPostRows,
  tenantSettingsRows,
} from './content.js';
import { readPostalCodes, readStreets } from './geo.js';
import { bulkInsert, relaxForeignKeyChecks, resetIdentity, type AnyPgDatabase } from './insert.js';
import { rngFor } from './prng.js';
import { colorGroups, colors, genders, productLines, sizes } from './reference.js';
import { buildShops } from './shops.js';
import { seedStaticPages } from './pages.js';

export { DEFAULT_ARTICLES } from './catalogue.js';

export interface SeedOptions {
  /** Catalogue size (SEED_ARTICLES). Default 1 500 articles ≈ 17 000 variants. */
  articles?: number;
  /** The seed's clock; dates (campaigns, article ages, reviews) are relative to the start of its UTC day. */
  now?: Date;
  /** Progress lines (part timings). */
  log?: (message: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  articles?: number;
  variants?: number;
  ms?: number;
}

/** Articles generated and written per streaming step. */
const ARTICLE_CHUNK = 500;
/** Any fixed number: serialises concurrent seeders (two API processes starting on one empty database). */
const LOCK_KEY = 20_121_122;

async function isEmpty(db: AnyPgDatabase, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row.n) === 0;
}

function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function seedDatabase(db: PgDatabase<any, typeof schema>, opts: SeedOptions = {}): Promise<SeedResult> {
  const anyDb = db as AnyPgDatabase;
  await seedStaticPages(anyDb); // every start: inserts missing copy pages only (editors' changes stay)
  if (!(await isEmpty(anyDb, schema.articles))) return { seeded: false };
  const started = performance.now();
  const now = startOfUtcDay(opts.now ?? new Date());
  const articleCount = opts.articles ?? DEFAULT_ARTICLES;
  const log = opts.log ?? (() => undefined);
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await work();
    log(`seed ${label}: ${Math.round(performance.now() - t)} ms`);
    return result;
  };

  // Hash outside the transaction (argon2id, ~15 ms each) so the transaction stays short.
  const passwordHashes = await Promise.all(
    DEMO_CUSTOMERS.map((c) => {
      // Salt from the seeded PRNG keeps the seed byte-for-byte reproducible; these are published demo passwords.
      const rng = rngFor(SEED, 'salt', c.id);
      const salt = Uint8Array.from({ length: 16 }, () => Math.floor(rng() * 256));
      return hash(c.password, { salt });
    }),
  );

  await timed('geo', () =>
    anyDb.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      if (!(await isEmpty(tx, schema.postalCodes))) return;
      await bulkInsert(tx, schema.postalCodes, readPostalCodes());
      await bulkInsert(tx, schema.streets, readStreets());
    }),
  );

  await timed('base', () =>
    anyDb.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      if (!(await isEmpty(tx, schema.mainGroups))) return;
      await seedBase(tx, now, passwordHashes);
    }),
  );

  const totals = await timed(`catalogue (${articleCount} articles)`, () =>
    anyDb.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      // Campaigns too: with SEED_ARTICLES=0 the catalogue part writes campaigns and blog posts but no articles.
      if (!(await isEmpty(tx, schema.articles)) || !(await isEmpty(tx, schema.campaigns))) return null;
      if (await relaxForeignKeyChecks(tx)) log('seed catalogue: foreign-key triggers skipped for the bulk load (superuser)');
      return seedCatalogue(tx, articleCount, now);
    }),
  );
  if (!totals) return { seeded: false };
  return { seeded: true, ...totals, ms: Math.round(performance.now() - started) };
}

async function seedBase(tx: AnyPgDatabase, now: Date, passwordHashes: string[]): Promise<void> {
  await bulkInsert(tx, schema.genders, genders);
  await bulkInsert(tx, schema.colorGroups, colorGroups);
  await bulkInsert(tx, schema.colors, colors);
  await bulkInsert(tx, schema.sizes, sizes);
  await bulkInsert(tx, schema.productLines, productLines);
  await bulkInsert(tx, schema.mainGroups, mainGroupRows());
  await bulkInsert(tx, schema.articleGroups2, group2Rows());
  await bulkInsert(tx, schema.articleGroups3, group3Rows());
  await bulkInsert(tx, schema.shops, buildShops());
  await bulkInsert(tx, schema.shippingMethods, shippingMethodRows);
  await bulkInsert(tx, schema.promocodes, promocodeRows(now));

  await bulkInsert(
    tx,
    schema.customers,
    DEMO_CUSTOMERS.map((c, i) => ({
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email.toLowerCase(),
      phone: c.phone,
      birthDate: c.birthDate,
      genderId: c.genderId,
      passwordHash: passwordHashes[i],
      emailVerifiedAt: c.verified ? new Date(now.getTime() - 200 * 86_400_000).toISOString() : null,
      address: c.address,
      postalCode: c.postalCode,
      city: c.city,
      role: c.role,
      permissions: c.role === 'staff' ? ['content:edit'] : [],
      preferences: {},
      termsConditions: true,
      club: c.club,
      marketing: c.club,
      newsletter: c.club,
      eventInvite: false,
      birthdayGift: c.club,
      cookieDefault: true,
      cookieGa: false,
      cookieGoogleTagManager: false,
      cookieMetaPixel: false,
      memberCode: c.club ? `STAUT${String(1_000_000 + c.id * 7_919).padStart(8, '0')}` : null,
      createdAt: new Date(now.getTime() - (400 - c.id * 30) * 86_400_000).toISOString(),
    })),
  );
  await resetIdentity(tx, schema.customers);
  await bulkInsert(
    tx,
    schema.staffShops,
    DEMO_CUSTOMERS.flatMap((c) => (c.shops ?? []).map((shopId) => ({ customerId: c.id, shopId }))),
  );

  await bulkInsert(
    tx,
    schema.tenantSettings,
    tenantSettingsRows().map((r) => ({ ...r, updatedAt: now.toISOString() })),
  );
  await bulkInsert(
    tx,
    schema.homeLayouts,
    homeLayoutRows().map((r) => ({ ...r, updatedAt: now.toISOString() })),
  );

  const poll = pollRows(now);
  await bulkInsert(tx, schema.polls, poll.polls);
  await bulkInsert(tx, schema.pollQuestions, poll.questions);
  await bulkInsert(tx, schema.pollOptions, poll.options);
  await bulkInsert(tx, schema.pollAnswers, poll.answers);
  await resetIdentity(tx, schema.polls);
  await resetIdentity(tx, schema.pollQuestions);
  await resetIdentity(tx, schema.pollOptions);

  await bulkInsert(tx, schema.socialPosts, socialPostRows(now));
  await bulkInsert(tx, schema.blogCategories, blogCategoryRows);
  await resetIdentity(tx, schema.blogCategories);
}

async function seedCatalogue(tx: AnyPgDatabase, articleCount: number, now: Date): Promise<{ articles: number; variants: number }> {
  const campaigns = campaignRows(now);
  await bulkInsert(
    tx,
    schema.campaigns,
    campaigns.map(({ key: _key, ...c }) => c),
  );
  await resetIdentity(tx, schema.campaigns);
  const campaignId = new Map(campaigns.map((c) => [c.key, c.id]));

  const state = new CatalogueState();
  const bestsellers: Array<{ id: number; score: number; price: number }> = [];
  /** Per group 3, the first few visible and purchasable articles (blog main/related articles). */
  const picks = new Map<number, number[]>();

  let articleRows: ArticleRow[] = [];
  let genderRows: Array<{ articleId: number; genderId: number }> = [];
  let variantRows: VariantRow[] = [];
  let stockRows: StockRow[] = [];
  let reviewRows: ReviewRow[] = [];
  let campaignArticleRows: Array<{ campaignId: number; articleId: number; price: number }> = [];
  let variantTotal = 0;

  const flush = async () => {
    await bulkInsert(tx, schema.articles, articleRows);
    await bulkInsert(tx, schema.articleGenders, genderRows);
    await bulkInsert(tx, schema.variants, variantRows);
    await bulkInsert(tx, schema.stock, stockRows);
    await bulkInsert(tx, schema.reviews, reviewRows);
    await bulkInsert(tx, schema.campaignArticles, campaignArticleRows);
    articleRows = [];
    genderRows = [];
    variantRows = [];
    stockRows = [];
    reviewRows = [];
    campaignArticleRows = [];
  };

  for (let id = 1; id <= articleCount; id++) {
    const g = generateArticle(id, now, state);
    const a = g.article;
    articleRows.push(a);
    for (const genderId of g.extraGenders) genderRows.push({ articleId: id, genderId });
    variantRows.push(...g.variants);
    variantTotal += g.variants.length;
    stockRows.push(...g.stock);
    reviewRows.push(...g.reviews);
    for (const c of g.campaigns) {
      if (c.price < a.price) campaignArticleRows.push({ campaignId: campaignId.get(c.key)!, articleId: id, price: c.price });
    }
    if (g.bestsellerScore !== undefined) bestsellers.push({ id, score: g.bestsellerScore, price: a.price });
    if (a.visibleOnWeb && a.purchasableOnWeb) {
      const list = picks.get(a.group3Id) ?? [];
      if (list.length < 6) picks.set(a.group3Id, [...list, id]);
    }
    if (articleRows.length >= ARTICLE_CHUNK) await flush();
  }
  await flush();

  const byQty = [...bestsellers].sort((x, y) => y.score - x.score || x.id - y.id);
  const turnoverRank = new Map(
    [...bestsellers].sort((x, y) => y.score * y.price - x.score * x.price || x.id - y.id).map((b, i) => [b.id, i + 1]),
  );
  await bulkInsert(
    tx,
    schema.bestsellers,
    byQty.map((b, i) => ({ articleId: b.id, qtyRank: i + 1, turnoverRank: turnoverRank.get(b.id)! })),
  );

  const mainArticle = (post: (typeof BLOG_POSTS)[number]) => picks.get(post.groups[0])?.[0] ?? null;
  await bulkInsert(tx, schema.blogPosts, blogPostRows(now, mainArticle));
  await resetIdentity(tx, schema.blogPosts);
  await bulkInsert(
    tx,
    schema.blogPostCategories,
    BLOG_POSTS.flatMap((p) => p.categories.map((categoryId) => ({ postId: p.id, categoryId }))),
  );
  await bulkInsert(
    tx,
    schema.blogPostArticles,
    BLOG_POSTS.flatMap((p) => {
      const main = mainArticle(p);
      const related = p.groups.flatMap((g) => (picks.get(g) ?? []).slice(0, 2)).filter((id) => id !== main);
      return [...new Set(related)].slice(0, 6).map((articleId, i) => ({ postId: p.id, articleId, sort: i + 1 }));
    }),
  );

  return { articles: articleCount, variants: variantTotal };
}
