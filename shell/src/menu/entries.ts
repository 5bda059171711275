import { matchesCategoryParam } from '@shop/contracts/format';
import { pathFor } from '@shop/contracts/routes';
import { menuTexts } from '@shop/contracts/texts';
import type { BrandMenuEntry, Category, Tenant } from '@shop/contracts/types';

/** A menu link: its label, target and the route it names (for highlighting by route params). */
export interface MenuLink {
  key: string;
  label: string;
  to: string;
  route: { name: 'category'; categoryName: string; subcategoryName?: string } | { name: BrandMenuEntry };
}

/** A main group of the category tree with its subcategories (desktop dropdown, mobile sublist). */
export interface MenuCategory extends MenuLink {
  children: MenuLink[];
}

export interface Menu {
  categories: MenuCategory[];
  /** Kosttilskudd and Tilbehør (SPEC §2 fixed entries). */
  fixed: MenuLink[];
  /** Kundeservice, Vedlikehold, Om Oss, Informasjon — each only for brands on its list. */
  info: MenuLink[];
}

const category = (key: string, label: string, categoryName: string, subcategoryName?: string): MenuLink => ({
  key,
  label,
  to: pathFor('category', { categoryName, subcategoryName }),
  route: { name: 'category', categoryName, subcategoryName },
});

/** SPEC §2 fixed entries: Kosttilskudd (category Mat og drikke), Tilbehør (sportsutstyr / Tilbehør sportsutstyr). */
export const FIXED_ENTRIES: readonly MenuLink[] = [
  category('fixed:supplements', menuTexts.supplements, 'Mat og drikke'),
  category('fixed:accessories', menuTexts.accessories, 'sportsutstyr', 'Tilbehør sportsutstyr'),
];

/** Menu entries named by route (support, maintenance, about, policy), in menu order. */
export const INFO_ENTRIES: readonly BrandMenuEntry[] = ['support', 'maintenance', 'about', 'policy'];

/** True when the tenant's brand is on the entry's brand list (case and spacing do not matter). */
export function brandShows(tenant: Pick<Tenant, 'brandName' | 'menuBrands'>, entry: BrandMenuEntry): boolean {
  const brand = tenant.brandName.trim().toLowerCase();
  return (tenant.menuBrands[entry] ?? []).some((listed) => listed.trim().toLowerCase() === brand);
}

export function buildMenu(tenant: Pick<Tenant, 'brandName' | 'menuBrands'>, categories: readonly Category[]): Menu {
  return {
    categories: categories.map((main) => ({
      ...category(`category:${main.id}`, main.name, main.name),
      children: main.subcategories.map((sub) => category(`subcategory:${sub.id}`, sub.name, main.name, sub.name)),
    })),
    fixed: [...FIXED_ENTRIES],
    info: INFO_ENTRIES.filter((entry) => brandShows(tenant, entry)).map((entry) => ({
      key: `info:${entry}`,
      label: menuTexts[entry],
      to: pathFor(entry),
      route: { name: entry },
    })),
  };
}

/** The current screen as the menu sees it: route name and URL params (decoded). */
export interface CurrentRoute {
  name: string;
  params: Readonly<Record<string, string>>;
}

/**
 * SPEC §2 "items are highlighted when route params match": a category item when the main group matches and, if the
 * item names a subcategory, that matches too (so Tilbehør lights up anywhere below sportsutstyr/tilbehor-sportsutstyr);
 * a named page when the route is that page.
 */
export function isMenuLinkActive(link: MenuLink, current: CurrentRoute | null): boolean {
  if (!current) return false;
  if (link.route.name !== 'category') return current.name === link.route.name;
  if (current.name !== 'category') return false;
  const { categoryName, subcategoryName } = current.params;
  if (!categoryName || !matchesCategoryParam(link.route.categoryName, categoryName)) return false;
  if (link.route.subcategoryName === undefined) return true;
  return subcategoryName !== undefined && matchesCategoryParam(link.route.subcategoryName, subcategoryName);
}
