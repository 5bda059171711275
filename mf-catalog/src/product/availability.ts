/** Which shops have the chosen variant, and how many (SPEC §4: a variant is available when availability > 0). Pure. */
import { compareNb } from '@shop/contracts/format';
import type { Shop, Variant, VariantShop } from '@shop/contracts/types';

export interface ShopStock {
  id: number;
  name: string;
  qty: number;
}

/** Shops listing the variant: those with stock first (most first), then by Norwegian name; unknown shops by id. */
export function shopStock(variant: Variant, shops: readonly Shop[]): ShopStock[] {
  const names = new Map(shops.map((shop) => [shop.id, shop.name]));
  return variant.shops
    .map((s) => ({ id: s.id, name: names.get(s.id) ?? `Butikk ${s.id}`, qty: Math.max(0, s.qty) }))
    .sort((a, b) => Number(b.qty > 0) - Number(a.qty > 0) || compareNb(a.name, b.name) || a.id - b.id);
}

/**
 * Variants with fresh stock (GET /articles/availability) laid over the ones the page has; `availability` is
 * recomputed from the new shops. Variants the fresh answer does not mention keep what they had.
 */
export function withFreshStock(variants: readonly Variant[], fresh: readonly Variant[]): Variant[] {
  const byId = new Map(fresh.map((v) => [v.id, v.shops] as const));
  return variants.map((variant) => {
    const shops: VariantShop[] | undefined = byId.get(variant.id);
    return shops ? { ...variant, shops, availability: shops.filter((s) => s.qty > 0).length } : variant;
  });
}
