/** Builds the GET /categories answer from the taxonomy and per-group statistics (pure: unit-tested). */
import type { RawCategory, RawProductLine, RawSubcategory } from '@shop/contracts/types';

export interface MainGroupRow {
  id: number;
  name: string;
  banner: string | null;
  bannerLink: string | null;
}
export interface Group2Row {
  id: number;
  mainGroupId: number;
  name: string;
}
export interface Group3Row {
  id: number;
  group2Id: number;
  name: string;
}
/** Visible articles per (main group, group 2, group 3): count and price range in øre. */
export interface GroupStatRow {
  mainGroupId: number;
  group2Id: number;
  group3Id: number;
  count: number;
  minPrice: number;
  maxPrice: number;
}
export interface ProductLineRow extends RawProductLine {
  mainGroupId: number;
}

interface Acc {
  count: number;
  min: number;
  max: number;
}
const empty = (): Acc => ({ count: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY });
function add(acc: Acc, s: GroupStatRow): void {
  acc.count += s.count;
  acc.min = Math.min(acc.min, s.minPrice);
  acc.max = Math.max(acc.max, s.maxPrice);
}
/** A group without visible articles has no price range; the contract wants numbers, so 0–0. */
const range = (acc: Acc) => (acc.count > 0 ? { MinPrice: acc.min, MaxPrice: acc.max } : { MinPrice: 0, MaxPrice: 0 });

export function buildCategoryTree(
  mains: MainGroupRow[],
  groups2: Group2Row[],
  groups3: Group3Row[],
  stats: GroupStatRow[],
  productLines: ProductLineRow[],
): RawCategory[] {
  const byMain = new Map<number, Acc>();
  const byGroup2 = new Map<number, Acc>();
  const byGroup3 = new Map<number, number>();
  for (const s of stats) {
    if (!byMain.has(s.mainGroupId)) byMain.set(s.mainGroupId, empty());
    add(byMain.get(s.mainGroupId)!, s);
    if (!byGroup2.has(s.group2Id)) byGroup2.set(s.group2Id, empty());
    add(byGroup2.get(s.group2Id)!, s);
    byGroup3.set(s.group3Id, (byGroup3.get(s.group3Id) ?? 0) + s.count);
  }

  return mains.map((m) => {
    const Subcategories: RawSubcategory[] = groups2
      .filter((g2) => g2.mainGroupId === m.id)
      .map((g2) => {
        const acc = byGroup2.get(g2.id) ?? empty();
        return {
          ArticleGroup2ID: g2.id,
          MainGroupID: m.id,
          Name: g2.name,
          ...range(acc),
          Count: acc.count,
          Groups: groups3
            .filter((g3) => g3.group2Id === g2.id)
            .map((g3) => ({ ArticleGroup3ID: g3.id, ArticleGroup2ID: g2.id, Name: g3.name, Count: byGroup3.get(g3.id) ?? 0 })),
        };
      });
    const acc = byMain.get(m.id) ?? empty();
    return {
      MainGroupID: m.id,
      Name: m.name,
      Count: acc.count,
      Banner: m.banner,
      BannerLink: m.bannerLink,
      ...range(acc),
      Subcategories,
      ProductLines: productLines
        .filter((p) => p.mainGroupId === m.id)
        .map((p) => ({ ProductLineID: p.ProductLineID, Name: p.Name })),
    };
  });
}
