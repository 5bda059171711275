/**
 * Title rules of the routes that take their title from the URL or the category tree: the shell's client-side
 * <title> and breadcrumbs and the catalogue's server-rendered head use these, so both name a page alike.
 */
import { matchesCategoryParam } from '@shop/contracts/format';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { CategoryParams } from './index.js';

/** "hjelmer-&-alpinbriller" → "Hjelmer & alpinbriller": a readable name from a URL param. */
export function paramToName(param: string): string {
  const words = param.replace(/-+/g, ' ').trim();
  return words ? words[0]!.toLocaleUpperCase('nb-NO') + words.slice(1) : words;
}

/** The category tree's names as the titles need them (GET /categories mapped: display names). */
export interface CategoryTitleTree {
  name: string;
  subcategories: ReadonlyArray<{ name: string; groups: ReadonlyArray<{ name: string }> }>;
}

/** The deepest category level the URL names, by its real name when the category tree knows it. */
export function categoryTitle(params: Partial<CategoryParams>, categories: readonly CategoryTitleTree[]): string {
  const { categoryName, subcategoryName, group } = params;
  if (!categoryName) return pageTitleTexts.category;
  const main = categories.find((c) => matchesCategoryParam(c.name, categoryName));
  const sub = subcategoryName ? main?.subcategories.find((s) => matchesCategoryParam(s.name, subcategoryName)) : undefined;
  const grp = group ? sub?.groups.find((g) => matchesCategoryParam(g.name, group)) : undefined;
  if (group) return grp?.name ?? paramToName(group);
  if (subcategoryName) return sub?.name ?? paramToName(subcategoryName);
  return main?.name ?? paramToName(categoryName);
}

/** A gender landing's title: "Herre", "Barn og junior" (voksen keeps its own word). */
export function genderTitle(url: string): string {
  return pageTitleTexts.genders[url] ?? paramToName(url);
}

/** A static copy or article page's title by its path segment. */
export function staticPageTitle(slug: string): string {
  return pageTitleTexts.staticPages[slug] ?? paramToName(slug);
}
