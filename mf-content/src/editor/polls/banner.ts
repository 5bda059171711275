/**
 * Which stored size of an uploaded image a poll's banner names. The poll stores one URL per banner (the shop's poll
 * page shows it as it is, the mobile one in a <source> under 1020 px), so each names the size that slot needs: the
 * widest (up to 1920 px) for PCs, at most 960 px for phones (a 375 px screen at 2x and some margin).
 */
import { imageUrl, imageWidths } from '@shop/contracts/images';
import type { EditorImage } from '@shop/contracts/types';

export type BannerSlot = 'desktop' | 'mobile';

const WIDEST: Record<BannerSlot, number> = { desktop: 1920, mobile: 960 };

export function bannerUrl(image: Pick<EditorImage, 'id' | 'width'>, slot: BannerSlot): string {
  const widths = imageWidths(image.width);
  const fitting = widths.filter((w) => w <= WIDEST[slot]);
  const width = fitting[fitting.length - 1] ?? widths[0] ?? image.width;
  return imageUrl(image.id, width, 'webp');
}

/** The smallest stored size, for the picker's thumbnails. */
export function thumbnailUrl(image: Pick<EditorImage, 'id' | 'width'>): string {
  return imageUrl(image.id, imageWidths(image.width)[0] ?? image.width, 'webp');
}
