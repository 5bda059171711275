/**
 * Issue 23: a home layout's banners link only to pages of this shop that exist. PUT /editor/home/{name} refuses any
 * other link with a Norwegian 400 naming the slot, and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RawSettings } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { EDITOR_ERRORS } from '../../src/content/texts.js';
import { TEKSTIL_VISIBLE, HIDDEN_ARTICLE } from '../support/fixtures.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('home layout links on %s', (kind) => {
  const t = useTestApp(kind);
  let editor: Record<string, string>;
  let pollId = 0;

  beforeAll(async () => {
    const db = t().db;
    const id = (await ensureStaffAccount(db, 'lenker@staut.no', 'redaktorpassord')).id;
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId: id, expiresAt: new Date(Date.now() + DAY) });
    editor = { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
    await db.insert(s.blogPosts).values({ slug: 'vinterklar', title: 'Vinterklar', body: '<p>Utkast</p>' });
    await db.insert(s.blogCategories).values({ slug: 'tips', name: 'Tips' });
    pollId = (await db.insert(s.polls).values({ name: 'Favorittsport' }).returning())[0]!.id;
  });

  const save = (name: string, link: string, field: 'topBanner' | 'grid' = 'topBanner') =>
    t().app.inject({
      method: 'PUT',
      url: `/api/v1/editor/home/${name}`,
      headers: editor,
      payload: { published: false, slots: { [field]: field === 'grid' ? [null, { image: '/api/v1/images/banners/a.svg', link }] : { image: '/api/v1/images/banners/a.svg', link } } },
    });

  it.each([
    '/',
    '/#about',
    '/klaer',
    '/tekstil',
    '/klaer/jakker/skalljakker',
    '/sko/joggesko',
    '/herre',
    '/butikker?postnummer=0150',
    '/kundeservice',
    '/om-oss',
    '/hvordan-kle-barna',
    '/blogg',
    '/blogg/vinterklar',
    '/blogg/kategori/tips',
    '/avstemning',
    '/search/ullgenser',
    `/product/${TEKSTIL_VISIBLE[0]!.id}`,
  ])('a link to %s, a page that exists, is saved', async (link) => {
    const name = `ok-${randomBytes(4).toString('hex')}`;
    const res = await save(name, link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RawSettings>().TopBanner?.Link).toBe(link);
  });

  it('a link to a poll that exists is saved', async () => {
    expect((await save('poll-ok', `/avstemning/${pollId}`)).statusCode).toBe(200);
  });

  it.each([
    ['/finnes-ikke', EDITOR_ERRORS.linkMissing('/finnes-ikke')],
    ['/klaer/finnes-ikke', EDITOR_ERRORS.linkMissing('/klaer/finnes-ikke')],
    ['/blogg/finnes-ikke', EDITOR_ERRORS.linkMissing('/blogg/finnes-ikke')],
    ['/blogg/kategori/finnes-ikke', EDITOR_ERRORS.linkMissing('/blogg/kategori/finnes-ikke')],
    ['/avstemning/987654', EDITOR_ERRORS.linkMissing('/avstemning/987654')],
    [`/product/${HIDDEN_ARTICLE.slug}`, EDITOR_ERRORS.linkMissing(`/product/${HIDDEN_ARTICLE.slug}`)],
    ['/product/finnes-ikke', EDITOR_ERRORS.linkMissing('/product/finnes-ikke')],
    ['https://example.com/tilbud', EDITOR_ERRORS.linkOutside('https://example.com/tilbud')],
  ])('a link to %s is refused with a Norwegian 400 and nothing is written', async (link, message) => {
    const name = `nei-${randomBytes(4).toString('hex')}`;
    const res = await save(name, link);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: `${message}.`, errors: [{ field: 'TopBanner.Link', message }] });
    expect(await t().db.select().from(s.homeLayouts).where(eq(s.homeLayouts.name, name))).toEqual([]);
  });

  it('names the slot of a refused link in the 3×3 grid, and a change to an existing layout is refused too', async () => {
    const created = await save('rutenett', '/klaer', 'grid');
    expect(created.statusCode, created.body).toBe(200);
    const res = await t().app.inject({
      method: 'PUT',
      url: '/api/v1/editor/home/rutenett',
      headers: editor,
      payload: { published: false, version: 1, slots: { grid: [null, { image: '/api/v1/images/banners/a.svg', link: '/finnes-ikke' }] } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'Grid3x3.2.Link', message: EDITOR_ERRORS.linkMissing('/finnes-ikke') }]);
    const [row] = await t().db.select({ version: s.homeLayouts.version }).from(s.homeLayouts).where(eq(s.homeLayouts.name, 'rutenett'));
    expect(row?.version).toBe(1);
  });
});
