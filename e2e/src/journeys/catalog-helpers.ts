/** Helpers of the catalogue journeys (catalog-*.e2e.ts): facts picked through the real API, in-app navigation. */
import type { Page } from 'playwright-core';
import { mapArticleDetail } from '@shop/contracts/mappers';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { categoryParam } from '@shop/contracts/format';
import type { RawArticle, RawArticleDetail, RawCategory, RawColorGroup, RawPaginated } from '@shop/contracts/types';
import { getJson } from '../support/journey.js';

/** GET /api/v1{path} from the shop at `baseUrl` (the journeys' one reader of public API answers). */
export const api = getJson;

export interface BrowseTarget {
  name: string;
  slug: string;
  categoryName: string;
  categoryParam: string;
  /** What the shopper pays, øre. */
  price: number;
  colorGroupLabel: string;
  colorName: string;
  sizeName: string;
}

/**
 * A purchasable article on the first page of its main group's listing, with a variant in stock whose colour belongs
 * to a colour group (so the colour facet can find it).
 */
export async function findBrowseTarget(baseUrl: string): Promise<BrowseTarget> {
  const [categories, groups] = await Promise.all([
    api<RawCategory[]>(baseUrl, '/categories'),
    api<RawColorGroup[]>(baseUrl, '/colorgroups'),
  ]);
  for (const category of categories) {
    const page = await api<RawPaginated<RawArticle>>(baseUrl, `/categories/${category.MainGroupID}/articles?per_page=20`);
    for (const listed of page.data) {
      if (listed.PurchasableOnWeb !== 1 || listed.ColorGroupIDs.length === 0) continue;
      const detail = mapArticleDetail(await api<RawArticleDetail>(baseUrl, `/articles/${listed.ArticleID}`));
      const variant = detail.variants.find((v) => v.availability > 0);
      const group = groups.find((g) => g.ColorGroupID === detail.colorGroups[0]);
      if (!variant || !group) continue;
      const shown = categoryDisplayName(category.Name);
      return {
        name: detail.name,
        slug: detail.slug,
        categoryName: shown,
        categoryParam: categoryParam(shown),
        price: detail.price,
        colorGroupLabel: group.Label,
        colorName: variant.color.name,
        sizeName: variant.size.name,
      };
    }
  }
  throw new Error('no purchasable article with a colour group found');
}

/** The first article (by id) that is / is not visible on the web. */
export async function findArticleByVisibility(baseUrl: string, visible: boolean): Promise<RawArticleDetail> {
  for (let id = 1; id < 5000; id++) {
    const response = await fetch(`${baseUrl}/api/v1/articles/${id}`);
    if (response.status !== 200) continue;
    const body = (await response.json()) as RawArticleDetail;
    if (body.VisibleOnWeb === (visible ? 1 : 0)) return body;
  }
  throw new Error(`no ${visible ? 'visible' : 'hidden'} article found`);
}

/** A web-visible article whose name has the word, by walking a main group's listing. */
export async function findArticleNamed(baseUrl: string, word: RegExp): Promise<RawArticle> {
  const categories = await api<RawCategory[]>(baseUrl, '/categories');
  for (const category of categories) {
    for (let p = 1; p < 100; p++) {
      const page = await api<RawPaginated<RawArticle>>(baseUrl, `/categories/${category.MainGroupID}/articles?per_page=100&page=${p}`);
      const hit = page.data.find((a) => word.test(a.Name));
      if (hit) return hit;
      if (p >= page.meta.last_page) break;
    }
  }
  throw new Error(`no article named ${word}`);
}

/** In-app navigation (no page load): a history entry numbered as React Router numbers its pushes, then popstate. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** "1 299,00 kr" → 129900 øre. */
export function parseMoney(text: string): number {
  const match = /(\d[\d\s\u00a0]*),(\d{2})/.exec(text);
  if (!match) throw new Error(`no price in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/[\s\u00a0]/g, '')) * 100 + Number(match[2]);
}
