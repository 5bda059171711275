/**
 * Integration: seeds real databases and checks the result. In-process PGlite (drizzle-orm/pglite) always — that also
 * proves seedDatabase takes any drizzle Postgres database — and PostgreSQL through the app's pg driver when
 * TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/databases.js';
import * as schema from '../db/schema.js';
import { readPostalCodes } from './geo.js';
import { seedDatabase, type SeedResult } from './index.js';

const NOW = new Date('2026-11-22T10:00:00Z');
const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const SLOW = 180_000;

type Query = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

/**
 * An in-process PGlite loaded from the run's migrated dump (test/support/global-setup.ts) instead of running initdb and
 * every migration again for each database; drizzle's PGlite migrator then finds every migration applied.
 */
async function freshPglite() {
  const template = inject('pgliteTemplate');
  const client = new PGlite({ extensions: { pg_trgm }, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const query: Query = async (text) => (await client.query(text)).rows as never;
  return { client, db, query };
}

async function one<T = number>(query: Query, text: string): Promise<T> {
  const rows = await query<{ v: T }>(text);
  return rows[0].v;
}

/** Every foreign key of the public schema, checked by hand (the bulk load may skip the FK triggers). */
async function orphanRows(query: Query): Promise<Record<string, number>> {
  const fks = await query<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(`
    select c.conname as name, cl.relname as child, pl.relname as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_cols,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_cols
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class pl on pl.oid = c.confrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    where c.contype = 'f' and ns.nspname = 'public'`);
  const out: Record<string, number> = {};
  for (const fk of fks) {
    const notNull = fk.child_cols.map((c) => `c."${c}" is not null`).join(' and ');
    const match = fk.child_cols.map((c, i) => `p."${fk.parent_cols[i]}" = c."${c}"`).join(' and ');
    out[fk.name] = await one(
      query,
      `select count(*)::int as v from "${fk.child}" c where ${notNull} and not exists (select 1 from "${fk.parent}" p where ${match})`,
    );
  }
  return out;
}

/** The checks every seeded database must pass (default size). */
function describeSeeded(getQuery: () => Query) {
  const q = <T = Record<string, unknown>>(text: string) => getQuery()<T>(text);
  const v = <T = number>(text: string) => one<T>(getQuery(), text);

  it('has the catalogue: ≥ 1 500 articles, ≥ 15 000 variants with valid unique EANs, unique slugs', async () => {
    expect(await v('select count(*)::int as v from articles')).toBe(1500);
    expect(await v('select count(*)::int as v from variants')).toBeGreaterThanOrEqual(15_000);
    expect(await v('select count(distinct ean)::int - count(*)::int as v from variants')).toBe(0);
    expect(await v('select count(distinct slug)::int - count(*)::int as v from articles')).toBe(0);
    expect(await v(`select count(*)::int as v from variants where ean !~ '^[0-9]{13}$'`)).toBe(0);
    expect(await v('select count(*)::int as v from stock')).toBeGreaterThan(50_000);
    expect(await v(`select count(*)::int as v from articles where name ilike 'vindjakke%'`)).toBeGreaterThanOrEqual(5);
  });

  it('has the main groups and the groups the shortcut URLs need', async () => {
    const mains = await q<{ name: string }>('select name from main_groups order by sort');
    expect(mains.map((m) => m.name)).toEqual(['Tekstil', 'Sko', 'Vintersport', 'Sportsutstyr', 'Mat og drikke']);
    const paths = await q<{ p: string }>(`
      select lower(replace(m.name, ' ', '-')) || '/' || lower(replace(g2.name, ' ', '-')) || '/' || lower(replace(g3.name, ' ', '-')) as p
      from article_groups3 g3 join article_groups2 g2 on g2.id = g3.group2_id join main_groups m on m.id = g2.main_group_id`);
    const all = paths.map((r) => r.p);
    expect(all).toContain('vintersport/hjelmer-&-alpinbriller/alpinbriller');
    expect(all).toContain('vintersport/hjelmer-&-alpinbriller/alpinhjelm');
    expect(all).toContain('vintersport/staver/alpinstaver');
    expect(all.some((p) => p.startsWith('sportsutstyr/tilbehør-sportsutstyr/'))).toBe(true);
    expect(all.some((p) => p.startsWith('mat-og-drikke/kosttilskudd/'))).toBe(true);
  });

  it('has ≥ 12 shops plus the web stock 55, and stock in both', async () => {
    expect(await v('select count(*)::int as v from shops where not is_web_stock')).toBeGreaterThanOrEqual(12);
    expect(await v('select id as v from shops where is_web_stock')).toBe(55);
    expect(await v('select count(distinct shop_id)::int as v from stock')).toBeGreaterThanOrEqual(13);
    expect(await v('select count(*)::int as v from stock where qty = 0')).toBeGreaterThan(0);
    expect(await v('select count(*)::int as v from stock where qty between 1 and 2')).toBeGreaterThan(0);
  });

  it('has every postal code of the reference file and the streets', async () => {
    const file = readPostalCodes();
    expect(await v('select count(*)::int as v from postal_codes')).toBe(file.length);
    expect(await v('select count(*)::int as v from postal_codes where retired')).toBe(file.filter((c) => c.retired).length);
    expect(await v(`select post_place as v from postal_codes where post_no = '0154'`)).toBe('Oslo');
    expect(await v('select count(*)::int as v from streets')).toBeGreaterThan(30_000);
  });

  it('has campaigns (one "Klikk & Hent", one expired) with lowered prices', async () => {
    expect(await v(`select short_description as v from campaigns where name = 'Klikk & Hent'`)).toBe('Klikk & Hent');
    expect(await v('select count(*)::int as v from campaigns where ends_at < now()')).toBe(1);
    expect(await v('select count(*)::int as v from campaigns where starts_at <= now() and ends_at > now()')).toBe(3);
    expect(await v('select count(*)::int as v from campaign_articles')).toBeGreaterThan(50);
    expect(await v('select count(*)::int as v from campaign_articles ca join articles a on a.id = ca.article_id where ca.price >= a.price')).toBe(0);
    expect(await v(`select count(*)::int as v from campaigns where label_data ? 'text'`)).toBe(4);
  });

  it('has reviews (approved and not), bestsellers, promo codes and shipping methods', async () => {
    expect(await v('select count(*)::int as v from reviews where approved')).toBeGreaterThan(0);
    expect(await v('select count(*)::int as v from reviews where not approved')).toBeGreaterThan(0);
    expect(await v('select count(*)::int as v from bestsellers')).toBeGreaterThan(50);
    expect(await v('select min(qty_rank)::int as v from bestsellers')).toBe(1);
    expect(await v('select count(*)::int as v from promocodes where valid_to < now()')).toBe(1);
    expect(await v('select count(*)::int as v from promocodes where valid_from > now()')).toBe(1);
    expect(await v('select count(*)::int as v from promocodes where fixed')).toBeGreaterThan(0);
    expect(await v('select count(*)::int as v from promocodes where not fixed')).toBeGreaterThan(0);
    // Promo codes follow their type (checkout/promocodes.ts): the welcome code once per customer, the member code for members.
    const types = await q<{ name: string; type: string }>(`select name, type from promocodes where name in ('VELKOMMEN', 'MEDLEM20') order by name`);
    expect(types).toEqual([
      { name: 'MEDLEM20', type: 'member' },
      { name: 'VELKOMMEN', type: 'welcome' },
    ]);
    const ship = await q<{ id: string; name: string; price: number }>('select id, name, price from shipping_methods order by sort');
    expect(ship).toEqual([
      { id: 'delivery', name: 'Hjemlevering', price: 19900 },
      { id: 'click-and-collect', name: 'Klikk & Hent i butikk', price: 0 },
    ]);
  });

  it('has the demo customers with argon2id hashes', async () => {
    const rows = await q<{ email: string; password_hash: string }>('select email, password_hash from customers order by id');
    expect(rows[0].email).toBe('demo@staut.no');
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('has the content: blog, poll, social posts, tenant settings, home layouts', async () => {
    expect(await v('select count(*)::int as v from blog_categories')).toBeGreaterThanOrEqual(3);
    expect(await v('select count(*)::int as v from blog_posts where main_article_id is not null and featured_image like $$/api/v1/images/%$$')).toBeGreaterThanOrEqual(8);
    expect(await v('select count(distinct post_id)::int as v from blog_post_articles')).toBeGreaterThanOrEqual(8);
    // The children's posts feature a children's product (a men's top once headed "Hvordan kle barna").
    const kidsPosts = await q<{ slug: string; gender: string | null }>(`
      select p.slug, g.name as gender from blog_posts p
      join blog_post_categories pc on pc.post_id = p.id join blog_categories c on c.id = pc.category_id
      join articles a on a.id = p.main_article_id left join genders g on g.id = a.gender_id
      where c.slug = 'barn-og-familie' order by p.slug`);
    expect(kidsPosts.map((p) => p.slug)).toEqual(['dette-trenger-barnet-til-barnehagestart', 'hvordan-kle-barna']);
    for (const post of kidsPosts) expect(['Barn', 'Junior'], post.slug).toContain(post.gender);
    expect(await v('select count(*)::int as v from polls where active')).toBe(1);
    expect(await v('select count(*)::int as v from poll_options where correct')).toBeGreaterThan(0);
    // The Vinterquiz promises a prize draw (its description says so): customers only.
    expect(await v("select count(*)::int as v from polls where name = 'Vinterquiz' and prize_draw")).toBe(1);
    expect(await v('select count(*)::int as v from social_posts')).toBeGreaterThan(0);
    const settings = await q<{ key: string }>('select key from tenant_settings');
    for (const key of ['brandName', 'chainId', 'menuBrands', 'singleLineHeaderBrand', 'customerServiceEmail', 'companyName']) {
      expect(settings.map((s) => s.key)).toContain(key);
    }
    // The hidden search (and single-line header) is for a brand named in configuration, not Staut (issue 21).
    const brand = await q<{ brand: string; singleLine: string }>(
      "select (select value #>> '{}' from tenant_settings where key = 'brandName') as brand, (select value #>> '{}' from tenant_settings where key = 'singleLineHeaderBrand') as \"singleLine\"",
    );
    expect(brand[0]).toEqual({ brand: 'Staut', singleLine: 'Staut Mini' });
    const layouts = await q<{ name: string; published: boolean; slots: { subBanners: unknown[]; grid: unknown[] } }>(
      'select name, published, slots from home_layouts order by name',
    );
    expect(layouts.map((l) => [l.name, l.published])).toEqual([['standard', true], ['vinter', false]]);
    const slots = typeof layouts[0].slots === 'string' ? JSON.parse(layouts[0].slots) : layouts[0].slots;
    expect(Object.keys(slots)).toEqual(expect.arrayContaining(['topBanner', 'subBanners', 'storeSearch', 'popularCategories', 'grid']));
    expect(slots.subBanners).toHaveLength(3);
    expect(slots.grid).toHaveLength(9);
  });

  it('leaves no row pointing at a missing row (every foreign key holds)', async () => {
    const orphans = await orphanRows(getQuery());
    expect(Object.keys(orphans).length).toBeGreaterThan(20);
    expect(Object.entries(orphans).filter(([, n]) => n > 0)).toEqual([]);
  });

  it('moves identity sequences past the seeded ids so new rows can be inserted', async () => {
    for (const table of ['campaigns', 'customers', 'blog_posts', 'blog_categories', 'polls', 'poll_questions', 'poll_options']) {
      const max = await v(`select max(id)::int as v from ${table}`);
      const next = await v(`select nextval(pg_get_serial_sequence('${table}', 'id'))::int as v`);
      expect(next, table).toBeGreaterThan(max);
    }
  });
}

describe('seedDatabase on in-process PGlite', () => {
  let first: Awaited<ReturnType<typeof freshPglite>>;
  let result: SeedResult;

  beforeAll(async () => {
    first = await freshPglite();
    result = await seedDatabase(first.db, { now: NOW });
  }, SLOW);
  afterAll(async () => {
    await first?.client.close();
  });

  it('reports what it seeded', () => {
    expect(result).toMatchObject({ seeded: true, articles: 1500 });
    expect(result.variants).toBeGreaterThanOrEqual(15_000);
  });

  describeSeeded(() => first.query);

  it('is idempotent: a second run does nothing', async () => {
    const before = await one(first.query, 'select count(*)::int as v from variants');
    expect(await seedDatabase(first.db, { now: NOW })).toEqual({ seeded: false });
    expect(await one(first.query, 'select count(*)::int as v from variants')).toBe(before);
  }, SLOW);

  it(
    'is deterministic: a second database seeded for the same day holds identical data',
    async () => {
      const second = await freshPglite();
      try {
        await seedDatabase(second.db, { now: new Date('2026-11-22T23:59:00Z') });
        const tables = await first.query<{ t: string }>(
          `select tablename as t from pg_tables where schemaname = 'public' order by tablename`,
        );
        expect(tables.length).toBeGreaterThan(30);
        for (const { t } of tables) {
          const sql = `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as v from "${t}" x`;
          expect(await one(second.query, sql), t).toBe(await one(first.query, sql));
        }
      } finally {
        await second.client.close();
      }
    },
    SLOW,
  );

  it(
    'scales with the articles option',
    async () => {
      const small = await freshPglite();
      try {
        const r = await seedDatabase(small.db, { now: NOW, articles: 120 });
        expect(r).toMatchObject({ seeded: true, articles: 120 });
        expect(await one(small.query, 'select count(*)::int as v from articles')).toBe(120);
        // The first 120 articles are the same as in the full catalogue.
        const sql = 'select md5(string_agg(x::text, $$|$$ order by x.id)) as v from (select * from articles where id <= 120) x';
        expect(await one(small.query, sql)).toBe(await one(first.query, sql));
      } finally {
        await small.client.close();
      }
    },
    SLOW,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('seedDatabase on PostgreSQL (pg driver)', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const r = await seedDatabase(testDb.database.db, { now: NOW });
    expect(r.seeded).toBe(true);
  }, SLOW);
  afterAll(async () => {
    await testDb?.drop();
  });

  describeSeeded(() => async (text) => (await testDb.database.pool.query(text)).rows);

  it('is idempotent', async () => {
    expect(await seedDatabase(testDb.database.db, { now: NOW })).toEqual({ seeded: false });
  });
});
