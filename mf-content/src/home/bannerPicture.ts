/**
 * What a home-page banner's <picture> holds. A banner stores one URL per image (its widest size: the layout editor
 * names that); when it is an uploaded image, the browser gets every derived width in AVIF and WebP and picks the one
 * the slot needs (a phone's top banner no longer loads the 1920 px file). The mobile image, when there is one, comes
 * first with its media query. Other URLs (the seeded SVG banners, an image elsewhere) are shown as they are.
 */
import { MOBILE_BREAKPOINT_PX } from '@shop/contracts/constants';
import { pictureFromUrl } from '@shop/contracts/images';
import type { Banner } from '@shop/contracts/types';

/** The widest each kind of slot is shown, in CSS pixels (the page is at most 60rem, content.module.css). */
export type BannerSlotKind = 'full' | 'third';
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
const SIZES: Readonly<Record<BannerSlotKind, { desktop: string; mobile: string }>> = {
  // Full width of the page (960 px at most).
  full: { desktop: '(max-width: 960px) 100vw, 960px', mobile: '100vw' },
  // Sub-banners and grid tiles: a third of the page on a PC; sub-banners fill the phone's width, grid tiles a third.
  third: { desktop: `${MOBILE_QUERY} 100vw, 320px`, mobile: '100vw' },
};

export interface BannerSource {
  media?: string;
  type?: string;
  srcSet: string;
  sizes?: string;
}

export interface BannerPicture {
  sources: BannerSource[];
  img: { src: string; srcSet?: string; sizes?: string };
}

export function bannerPicture(banner: Pick<Banner, 'image' | 'imageMobile'>, kind: BannerSlotKind): BannerPicture {
  const sizes = SIZES[kind];
  const desktop = pictureFromUrl(banner.image, '');
  const mobile = banner.imageMobile ? pictureFromUrl(banner.imageMobile, '') : null;
  const sources: BannerSource[] = [];
  if (banner.imageMobile) {
    if (mobile) sources.push(...mobile.sources.map((s) => ({ media: MOBILE_QUERY, type: s.type, srcSet: s.srcSet, sizes: sizes.mobile })));
    else sources.push({ media: MOBILE_QUERY, srcSet: banner.imageMobile });
  }
  if (!desktop) return { sources, img: { src: banner.image } };
  sources.push(...desktop.sources.map((s) => ({ type: s.type, srcSet: s.srcSet, sizes: sizes.desktop })));
  return { sources, img: { src: desktop.img.src, srcSet: desktop.img.srcSet, sizes: sizes.desktop } };
}
