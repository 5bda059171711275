import { describe, expect, it } from 'vitest';
import { isValidEan13 } from './ean.js';
import { CatalogueState, generateArticle, nicePrice, sizesFor, type GeneratedArticle } from './catalogue.js';
import { GENDER, colorById, colorGroups, colors, genders, productLines, sizes } from './reference.js';
import { slug as slugify } from '@shop/contracts/format';
import { categoryParam, categoryPath, group3List, taxonomy } from './taxonomy.js';

const NOW = new Date('2026-11-22T00:00:00Z');

function generate(n: number): GeneratedArticle[] {
  const state = new CatalogueState();
  return Array.from({ length: n }, (_, i) => generateArticle(i + 1, NOW, state));
}

const catalogue = generate(1500);
const articles = catalogue.map((g) => g.article);
const variants = catalogue.flatMap((g) => g.variants);

describe('taxonomy', () => {
  it('has exactly the five main groups of the spec, with Tekstil stored as Tekstil', () => {
    expect(taxonomy.map((m) => m.name)).toEqual(['Tekstil', 'Sko', 'Vintersport', 'Sportsutstyr', 'Mat og drikke']);
  });

  it.each([
    ['Hjelmer & alpinbriller', 'hjelmer-&-alpinbriller'],
    ['Staver', 'staver'],
    ['Alpinstaver', 'alpinstaver'],
    ['Alpinbriller', 'alpinbriller'],
    ['Alpinhjelm', 'alpinhjelm'],
    ['Tilbehør sportsutstyr', 'tilbehor-sportsutstyr'],
    ['Tekstil', 'tekstil'],
    ['Mat og drikke', 'mat-og-drikke'],
  ])('URL param of "%s" is "%s"', (name, param) => {
    expect(categoryParam(name)).toBe(param);
  });

  it('has the groups the shortcut URLs goggles, hjelmer and staver point at', () => {
    const path = (id: number) => categoryPath(id);
    const byName = (name: string) => group3List.find((g) => g.name === name)!.id;
    expect(path(byName('Alpinbriller'))).toBe('/vintersport/hjelmer-&-alpinbriller/alpinbriller');
    expect(path(byName('Alpinhjelm'))).toBe('/vintersport/hjelmer-&-alpinbriller/alpinhjelm');
    expect(path(byName('Alpinstaver'))).toBe('/vintersport/staver/alpinstaver');
  });

  it('has Tilbehør sportsutstyr (with groups) and Kosttilskudd', () => {
    const sport = taxonomy.find((m) => m.name === 'Sportsutstyr')!;
    expect(sport.groups.find((g) => g.name === 'Tilbehør sportsutstyr')!.groups.length).toBeGreaterThan(0);
    const food = taxonomy.find((m) => m.name === 'Mat og drikke')!;
    expect(food.groups.map((g) => g.name)).toContain('Kosttilskudd');
  });

  it('uses unique ids and unique URL params per level', () => {
    const g2 = taxonomy.flatMap((m) => m.groups);
    expect(new Set(g2.map((g) => g.id)).size).toBe(g2.length);
    expect(new Set(group3List.map((g) => g.id)).size).toBe(group3List.length);
    for (const m of taxonomy) {
      const params = m.groups.map((g) => categoryParam(g.name));
      expect(new Set(params).size).toBe(params.length);
      for (const g of m.groups) {
        const p3 = g.groups.map((x) => categoryParam(x.name));
        expect(new Set(p3).size).toBe(p3.length);
      }
    }
  });
});

describe('reference data', () => {
  it('has the spec genders', () => {
    expect(genders).toEqual([
      { id: 1, name: 'Herre' },
      { id: 2, name: 'Dame' },
      { id: 4, name: 'Barn' },
      { id: 10, name: 'Uni' },
      { id: 11, name: 'Junior' },
    ]);
  });

  it('has ~30 colours with real hex codes, each in a colour group whose representative exists', () => {
    expect(colors.length).toBeGreaterThanOrEqual(30);
    for (const c of colors) {
      expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(colorGroups.some((g) => g.id === c.colorGroupId)).toBe(true);
    }
    for (const g of colorGroups) expect(colorById.get(g.colorId)?.colorGroupId).toBe(g.id);
    expect(new Set(colors.map((c) => c.colorCode)).size).toBe(colors.length);
  });

  it('has clothing, children, shoe, one-size and pole sizes', () => {
    const names = sizes.map((s) => s.name);
    for (const n of ['XS', 'XXL', '80', '164', '28', '47', 'One size', '120 cm']) expect(names).toContain(n);
    expect(new Set(sizes.map((s) => s.id)).size).toBe(sizes.length);
  });

  it('has one house brand among ~20 product lines', () => {
    expect(productLines.length).toBeGreaterThanOrEqual(20);
    expect(productLines.filter((p) => p.houseBrand).map((p) => p.name)).toEqual(['Staut']);
  });

  it.each([
    ['clothing', GENDER.barn, '80', '140'],
    ['clothing', GENDER.herre, 'S', 'XXL'],
    ['shoe', GENDER.dame, '35', '42'],
    ['poleAlpine', GENDER.uni, '110 cm', '135 cm'],
    ['one', GENDER.uni, 'One size', 'One size'],
  ] as const)('%s sizes for gender %i run %s–%s', (scheme, gender, first, last) => {
    const ids = sizesFor(scheme, gender);
    const name = (id: number) => sizes.find((s) => s.id === id)!.name;
    expect(name(ids[0])).toBe(first);
    expect(name(ids[ids.length - 1])).toBe(last);
  });
});

describe('article generator', () => {
  it('is deterministic: the same ids give the same articles', () => {
    expect(generate(300)).toEqual(catalogue.slice(0, 300));
  });

  it('keeps article N the same whatever comes after it', () => {
    expect(generate(10).map((g) => g.article)).toEqual(articles.slice(0, 10));
  });

  it('makes at least 15 000 variants from 1 500 articles, with unique valid EANs', () => {
    expect(variants.length).toBeGreaterThanOrEqual(15_000);
    expect(new Set(variants.map((v) => v.ean)).size).toBe(variants.length);
    expect(variants.every((v) => isValidEan13(v.ean))).toBe(true);
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
  });

  it('has one variant per colour × size of an article', () => {
    for (const g of catalogue.slice(0, 200)) {
      const keys = g.variants.map((v) => `${v.colorId}:${v.sizeId}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('gives unique slugs following the slug rule, with -{id} on collisions', () => {
    const slugs = articles.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const seen = new Set<string>();
    let collisions = 0;
    for (const a of articles) {
      const base = slugify(a.name);
      if (seen.has(base)) {
        expect(a.slug).toBe(`${base}-${a.id}`);
        collisions++;
      } else {
        expect(a.slug).toBe(base);
        seen.add(base);
      }
    }
    expect(collisions).toBeGreaterThan(0);
  });

  it('covers every group 3 and every main group', () => {
    const groups = new Set(articles.map((a) => a.group3Id));
    expect(groups.size).toBe(group3List.length);
  });

  it('has Norwegian names the search and sort tests rely on', () => {
    const names = articles.map((a) => a.name);
    expect(names.filter((n) => /^Vindjakke /.test(n)).length).toBeGreaterThanOrEqual(5);
    for (const letter of ['Æ', 'Ø', 'Å']) expect(names.some((n) => n.startsWith(letter))).toBe(true);
    expect(names.some((n) => /[æøå]/.test(n))).toBe(true);
    expect(names).toContain('Regnsett barn');
    for (const root of ['Ullundertrøye', 'Dunjakke', 'Skallbukse', 'Alpinbriller', 'Alpinhjelm', 'Alpinstaver', 'Joggesko', 'Vintersko', 'Proteinbar', 'Sportsdrikk']) {
      expect(names.some((n) => n.toLowerCase().includes(root.toLowerCase()))).toBe(true);
    }
  });

  it('prices in øre within a realistic range; pant 200 or 300 only on drinks', () => {
    for (const a of articles) {
      expect(Number.isInteger(a.price)).toBe(true);
      expect(a.price).toBeGreaterThanOrEqual(1000);
      expect(a.price).toBeLessThanOrEqual(799_900);
      if (a.mainGroupId === 5 && a.group2Id === 52) expect([200, 300]).toContain(a.pant);
      else expect(a.pant).toBe(0);
    }
  });

  it('has the water column story on the house brand shell jackets', () => {
    const staut = articles.filter((a) => a.group3Id === 112 && a.productLineId === 1);
    expect(staut.length).toBeGreaterThan(0);
    for (const a of staut) expect(a.techDescription).toContain('Vannsøyle: 15 000 mm');
  });

  it('has nutrition for food, wash and care labels for textiles', () => {
    for (const a of articles) {
      if (a.mainGroupId === 5) expect(a.nutrientContent).toMatch(/^Næringsinnhold per 100 (g|ml):/);
      if (a.mainGroupId === 1) {
        expect(a.washLabel).toBeTruthy();
        expect(a.careLabel).toBeTruthy();
      }
    }
  });

  it('has the flag mix: ~3 % hidden, ~5 % not purchasable, ~5 % click-and-collect only, limits, labels', () => {
    const share = (f: (a: (typeof articles)[number]) => boolean) => articles.filter(f).length / articles.length;
    expect(share((a) => !a.visibleOnWeb)).toBeGreaterThan(0.015);
    expect(share((a) => !a.visibleOnWeb)).toBeLessThan(0.05);
    expect(share((a) => !a.purchasableOnWeb)).toBeGreaterThan(0.03);
    expect(share((a) => !a.purchasableOnWeb)).toBeLessThan(0.08);
    expect(share((a) => a.onlyCC)).toBeGreaterThan(0.03);
    expect(share((a) => a.onlyCC)).toBeLessThan(0.08);
    expect(share((a) => a.webPurchaseLimit <= 3)).toBeGreaterThan(0.04);
    expect(share((a) => a.webPurchaseLimit === 10)).toBeGreaterThan(0.7);
    expect(share((a) => a.featured)).toBeGreaterThan(0.01);
    expect(share((a) => (a.frightPrice ?? 9900) > 9900)).toBeGreaterThan(0.02);
    expect(new Set(articles.map((a) => a.webLabel))).toEqual(new Set([null, 'Nyhet', 'Populær']));
  });

  it('stocks variants per shop with zeros and last units, and some campaigns per article', () => {
    const stock = catalogue.flatMap((g) => g.stock);
    expect(stock.some((s) => s.qty === 0)).toBe(true);
    expect(stock.some((s) => s.qty === 1)).toBe(true);
    expect(stock.every((s) => s.qty >= 0)).toBe(true);
    const keys = stock.map((s) => `${s.variantId}:${s.shopId}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const g of catalogue) for (const c of g.campaigns) expect(c.price).toBeLessThanOrEqual(g.article.price);
  });

  it.each([
    [1499, 149900],
    [1234, 124900],
    [812, 80900],
    [29, 2890],
  ])('nicePrice(%i) = %i øre', (kr, ore) => {
    expect(nicePrice(kr)).toBe(ore);
  });
});
