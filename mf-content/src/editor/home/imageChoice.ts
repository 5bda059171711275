import { IMAGE_FALLBACK_FORMAT, imageUrl, imageWidths } from '@shop/contracts/images';
import type { EditorImage } from '@shop/contracts/types';

/** The URL a banner stores for an uploaded image: its widest derived size (a banner can span the page). */
export function bannerImageUrl(image: Pick<EditorImage, 'id' | 'width'>): string {
  const widths = imageWidths(image.width);
  return imageUrl(image.id, widths[widths.length - 1] ?? image.width, IMAGE_FALLBACK_FORMAT);
}

/** A small size for the editor's list of uploaded images. */
export function thumbnailUrl(image: Pick<EditorImage, 'id' | 'width'>): string {
  return imageUrl(image.id, imageWidths(image.width)[0] ?? image.width, IMAGE_FALLBACK_FORMAT);
}
