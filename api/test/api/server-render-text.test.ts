/**
 * Text is text in a server-rendered page (issue 33): what a shopper types (a search term), what the catalogue holds (a
 * product's name) and what an editor writes (the home banner's title, a static page) go into the page as they are —
 * never expanded as String.replace's special replacement patterns (`$'` copied the rest of the template into the page:
 * four </head>s and page data that no longer parsed), never ending an element (`</script>`), and U+2028 survives the
 * page data. Through the real render of the built front ends, as server-render.test.ts (runs when they are built).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@shop/contracts/ssr';
import { REMOTE_APPS, REPO_ROOT } from '../../src/config.js';
import { escapeText, sanitizeHtml } from '../../src/content/sanitize.js';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { TEKSTIL_VISIBLE } from '../support/fixtures.js';

const built = [path.join(REPO_ROOT, 'shell', 'dist', 'server', 'main.cjs'), ...REMOTE_APPS.map((r) => path.join(REPO_ROOT, r.name, 'dist', 'server', 'remoteEntry.js'))].every(
  (file) => fs.existsSync(file),
);

/** Every pattern a replacement string expands, and the texts that end a script element or a JavaScript string. */
const PATTERNS = ["$'", '$`', '$&', '$1', '$$', '$<name>', '</script>', '\u2028'] as const;
/** One product per pattern (their names change; their slugs stay). */
const PRODUCTS = PATTERNS.map((pattern, i) => ({ pattern, id: TEKSTIL_VISIBLE[i]!.id, name: `Jakke ${pattern} vinter` }));
const EDITOR_TEXT = `Vinter ${PATTERNS.join(' ')} salg`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
/** The text a browser reads from markup (the entities React and the shell's head write). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);
const deepStrings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(deepStrings) : [];

describe.runIf(built)('server-rendered pages write text literally', () => {
  const t = useTestApp('pglite', { rootDir: REPO_ROOT });
  let origin = '';
  beforeAll(async () => {
    // Before the first request: nothing is cached yet.
    for (const { id, name } of PRODUCTS) await t().db.update(s.articles).set({ name }).where(eq(s.articles.id, id));
    const [layout] = await t().db.select().from(s.homeLayouts).where(eq(s.homeLayouts.name, 'standard'));
    const slots = layout!.slots as { TopBanner: Record<string, unknown> };
    await t().db.update(s.homeLayouts).set({ slots: { ...slots, TopBanner: { ...slots.TopBanner, Title: EDITOR_TEXT } } }).where(eq(s.homeLayouts.name, 'standard'));
    // As an editor's save stores it (PUT /editor/pages/{slug} sanitises the body).
    await t().db.insert(s.staticPages).values({ slug: 'kundeservice', title: EDITOR_TEXT, body: sanitizeHtml(`<h2>${escapeText(EDITOR_TEXT)}</h2><p>Tekst</p>`) });
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  /** The page, checked whole: one head, one title, one PageData element that parses. */
  const page = async (url: string) => {
    const response = await fetch(`${origin}${url}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    const html = await response.text();
    expect(response.status, url).toBe(200);
    expect(html.match(/<\/head>/gi), `${url}: one </head>`).toHaveLength(1);
    expect(html.match(/<title>/gi), `${url}: one <title>`).toHaveLength(1);
    expect(html.match(/<\/html>/gi), `${url}: one </html>`).toHaveLength(1);
    const all = [...html.matchAll(new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`, 'gs'))];
    expect(all, `${url}: one PageData element`).toHaveLength(1);
    const data = JSON.parse(all[0]![1]!) as { values: Record<string, unknown> };
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`));
    const title = textOf(/<title>(.*?)<\/title>/s.exec(html)![1]!);
    return { html, root: textOf(root), title, data: deepStrings(data.values) };
  };

  it.each(PATTERNS)('a search for %j: the heading, the title and the page data hold the term', async (pattern) => {
    const term = `ull ${pattern} lue`;
    const { root, title, data } = await page(`/search/${encodeURIComponent(term)}`);
    expect(root).toContain(term);
    expect(title).toContain(term);
    expect(data.some((value) => value.includes(term))).toBe(true);
  });

  it.each(PRODUCTS)('a product named $name: its page and the listing show the name as it is', async ({ id, name }) => {
    const [article] = await t().db.select({ slug: s.articles.slug }).from(s.articles).where(eq(s.articles.id, id));
    const product = await page(`/product/${encodeURIComponent(article!.slug)}`);
    expect(product.root).toContain(name);
    expect(product.title).toContain(name);
    expect(product.data.some((value) => value === name)).toBe(true);
    // The search engines' view (JSON-LD in the head): `<` escaped, the name intact once parsed.
    const jsonLd = [...product.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as unknown);
    expect(jsonLd.flatMap(deepStrings)).toContain(name);
    expect((await page('/klaer')).root).toContain(name);
  });

  it("an editor's home banner title and static page: the page is whole and shows the text as written", async () => {
    const home = await page('/');
    expect(home.root).toContain(EDITOR_TEXT);
    expect(home.data.some((value) => value === EDITOR_TEXT)).toBe(true);
    const support = await page('/kundeservice');
    expect(support.root.split(EDITOR_TEXT).length - 1, "the page's title and the heading in its body").toBe(2);
  });
});
