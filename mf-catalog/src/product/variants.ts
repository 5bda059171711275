import type { Article, Color, Size, Variant } from '@shop/contracts/types';

/** SPEC §4: a variant is available when its availability (number of shops with stock) is above 0. */
export const isAvailable = (variant: Variant): boolean => variant.availability > 0;

/** The article's colours in variant order, each once. */
export function colorOptions(variants: readonly Variant[]): Color[] {
  const seen = new Map<number, Color>();
  for (const { color } of variants) if (!seen.has(color.id)) seen.set(color.id, color);
  return [...seen.values()];
}

export interface SizeOption {
  size: Size;
  variant: Variant;
  available: boolean;
}

/** Sizes offered in one colour, each with its variant and whether it can be bought. */
export function sizeOptions(variants: readonly Variant[], colorId: number | null): SizeOption[] {
  return variants
    .filter((variant) => variant.color.id === colorId)
    .map((variant) => ({ size: variant.size, variant, available: isAvailable(variant) }));
}

/** Start on the first colour that has stock, so the page opens on something buyable. */
export function initialColorId(variants: readonly Variant[]): number | null {
  return (variants.find(isAvailable) ?? variants[0])?.color.id ?? null;
}

/** A colour with a single size needs no size choice. */
export function initialSizeId(variants: readonly Variant[], colorId: number | null): number | null {
  const sizes = sizeOptions(variants, colorId);
  return sizes.length === 1 ? sizes[0].size.id : null;
}

export function selectedVariant(
  variants: readonly Variant[],
  colorId: number | null,
  sizeId: number | null,
): Variant | null {
  return variants.find((variant) => variant.color.id === colorId && variant.size.id === sizeId) ?? null;
}

export type PurchaseBlock = 'notPurchasable' | 'soldOut' | 'chooseColor' | 'chooseSize' | 'sizeSoldOut';

/** Why "Legg i handlekurven" is disabled, or null when it may be pressed. Checked in the order a shopper fixes it. */
export function purchaseBlock(
  article: Pick<Article, 'canPurchase'>,
  variants: readonly Variant[],
  colorId: number | null,
  variant: Variant | null,
): PurchaseBlock | null {
  if (!article.canPurchase) return 'notPurchasable';
  if (!variants.some(isAvailable)) return 'soldOut';
  if (colorId === null) return 'chooseColor';
  if (!variant) return 'chooseSize';
  if (!isAvailable(variant)) return 'sizeSoldOut';
  return null;
}
