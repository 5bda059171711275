/**
 * Category links in what the API answers are written in the categories' canonical form (docs/adr/0014): the
 * stored data may say /tekstil (a main group's BannerLink, a home layout an editor typed), the shopper gets /klaer.
 * Links that name no known category pass unchanged.
 */
import { asc } from 'drizzle-orm';
import { canonicalCategoryHref, type CategoryNameTree } from '@shop/contracts/routes';
import type { RawBanner, RawCategory, RawSettings } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { articleGroups2, articleGroups3, mainGroups } from '../../db/schema.js';

/** GET /categories' answer as the names canonicalCategoryHref resolves (stored names: "Tekstil"). */
export function categoryNameTree(categories: readonly RawCategory[]): CategoryNameTree[] {
  return categories.map((c) => ({
    name: c.Name,
    subcategories: c.Subcategories.map((s) => ({ name: s.Name, groups: s.Groups.map((g) => ({ name: g.Name })) })),
  }));
}

/** The category names straight from the taxonomy tables (three small reads; no counts needed for links). */
export async function loadCategoryNames(db: Db): Promise<CategoryNameTree[]> {
  const [mains, groups2, groups3] = await Promise.all([
    db.select({ id: mainGroups.id, name: mainGroups.name }).from(mainGroups).orderBy(asc(mainGroups.sort), asc(mainGroups.id)),
    db.select({ id: articleGroups2.id, mainGroupId: articleGroups2.mainGroupId, name: articleGroups2.name }).from(articleGroups2),
    db.select({ group2Id: articleGroups3.group2Id, name: articleGroups3.name }).from(articleGroups3),
  ]);
  return mains.map((m) => ({
    name: m.name,
    subcategories: groups2
      .filter((g2) => g2.mainGroupId === m.id)
      .map((g2) => ({ name: g2.name, groups: groups3.filter((g3) => g3.group2Id === g2.id).map((g3) => ({ name: g3.name })) })),
  }));
}

/** GET /categories with each BannerLink canonical. */
export function withCanonicalBannerLinks(categories: RawCategory[]): RawCategory[] {
  const tree = categoryNameTree(categories);
  return categories.map((c) => (c.BannerLink ? { ...c, BannerLink: canonicalCategoryHref(c.BannerLink, tree) } : c));
}

/** A home layout's banner slots with every link canonical. */
export function withCanonicalSettingsLinks(settings: RawSettings, tree: readonly CategoryNameTree[]): RawSettings {
  const banner = (b: RawBanner | null): RawBanner | null => (b?.Link ? { ...b, Link: canonicalCategoryHref(b.Link, tree) } : b);
  return {
    ...settings,
    TopBanner: banner(settings.TopBanner),
    SubBanners: settings.SubBanners.map(banner),
    StoreSearch: banner(settings.StoreSearch),
    PopularCategories: settings.PopularCategories.map((p) => ({ ...p, Link: canonicalCategoryHref(p.Link, tree) })),
    Grid3x3: settings.Grid3x3.map(banner),
  };
}
