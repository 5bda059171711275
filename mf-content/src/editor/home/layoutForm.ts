/**
 * The home layout editor's form and its rules (pure, table-tested): the stored slots (RawSettings, written by the API
 * in PascalCase; the seed's layouts say `topBanner` and `grid`) ↔ the form's strings, and what must be fixed before
 * a save. Field keys are the API's (`TopBanner.Link`, `Grid3x3.2.Image`), so its refusals land on the same fields.
 */
import type { RawBanner, RawPopularCategory, RawSettings } from '@shop/contracts/types';
import { NEW_KEY } from '../workspace/paths.js';
import { homeTexts as t } from './texts.js';

export const SUB_BANNERS = 3;
export const GRID_CELLS = 9;
export const POPULAR_MAX = 12;

/** One banner slot's key, as the API names it: `TopBanner`, `SubBanners.1`…`3`, `StoreSearch`, `Grid3x3.1`…`9`. */
export type BannerKey = string;

export const SUB_KEYS: BannerKey[] = Array.from({ length: SUB_BANNERS }, (_, i) => `SubBanners.${i + 1}`);
export const GRID_KEYS: BannerKey[] = Array.from({ length: GRID_CELLS }, (_, i) => `Grid3x3.${i + 1}`);
export const BANNER_KEYS: BannerKey[] = ['TopBanner', ...SUB_KEYS, 'StoreSearch', ...GRID_KEYS];

/** A banner as the form holds it: '' is "none". */
export interface BannerForm {
  image: string;
  imageMobile: string;
  link: string;
  title: string;
  text: string;
}

export interface PopularForm {
  name: string;
  image: string;
  link: string;
}

export interface LayoutForm {
  banners: Record<BannerKey, BannerForm>;
  popular: PopularForm[];
}

export const emptyBanner = (): BannerForm => ({ image: '', imageMobile: '', link: '', title: '', text: '' });

/** The slot's name in the editor ("Underbanner 2"). */
export function slotLabel(key: BannerKey): string {
  const [slot, n] = key.split('.');
  if (slot === 'SubBanners') return t.slots.SubBanners(Number(n));
  if (slot === 'Grid3x3') return t.slots.Grid3x3(Number(n));
  return slot === 'TopBanner' ? t.slots.TopBanner : t.slots.StoreSearch;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
const norm = (k: string) => k.toLowerCase().replace(/[_\-\s]/g, '');

/** A field under any spelling the API accepts (`TopBanner`, `topBanner`, `top_banner`). */
function pick(obj: Loose, ...names: string[]): unknown {
  for (const name of names) {
    const found = Object.keys(obj).find((k) => norm(k) === norm(name));
    if (found !== undefined) return obj[found];
  }
  return undefined;
}
const str = (obj: Loose, name: string): string => {
  const v = pick(obj, name);
  return typeof v === 'string' ? v : '';
};
const list = (obj: Loose, ...names: string[]): unknown[] => {
  const v = pick(obj, ...names);
  return Array.isArray(v) ? v : [];
};

function bannerForm(value: unknown): BannerForm {
  if (!isObject(value)) return emptyBanner();
  return { image: str(value, 'Image'), imageMobile: str(value, 'ImageMobile'), link: str(value, 'Link'), title: str(value, 'Title'), text: str(value, 'Text') };
}

/** The form of a stored layout's slots (anything missing is an empty slot). */
export function formFromSlots(slots: unknown): LayoutForm {
  const s = isObject(slots) ? slots : {};
  const banners: Record<BannerKey, BannerForm> = {};
  banners.TopBanner = bannerForm(pick(s, 'TopBanner'));
  const subs = list(s, 'SubBanners');
  SUB_KEYS.forEach((key, i) => (banners[key] = bannerForm(subs[i])));
  banners.StoreSearch = bannerForm(pick(s, 'StoreSearch'));
  const grid = list(s, 'Grid3x3', 'grid');
  GRID_KEYS.forEach((key, i) => (banners[key] = bannerForm(grid[i])));
  const popular = list(s, 'PopularCategories')
    .filter(isObject)
    .map((p) => ({ name: str(p, 'Name'), image: str(p, 'Image'), link: str(p, 'Link') }));
  return { banners, popular };
}

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

function rawBanner(form: BannerForm | undefined): RawBanner | null {
  if (!form || !form.image.trim()) return null;
  return { Image: form.image.trim(), ImageMobile: orNull(form.imageMobile), Link: orNull(form.link), Title: orNull(form.title), Text: orNull(form.text) };
}

/** What PUT /editor/home/{name} is sent: every slot the page shows, a slot without an image as null. */
export function slotsFromForm(form: LayoutForm): RawSettings {
  return {
    TopBanner: rawBanner(form.banners.TopBanner),
    SubBanners: SUB_KEYS.map((key) => rawBanner(form.banners[key])),
    StoreSearch: rawBanner(form.banners.StoreSearch),
    PopularCategories: form.popular.map((p): RawPopularCategory => ({ Name: p.name.trim(), Image: p.image.trim(), Link: p.link.trim() })),
    Grid3x3: GRID_KEYS.map((key) => rawBanner(form.banners[key])),
  };
}

/** True when a slot holds nothing at all. */
export const isEmptyBanner = (b: BannerForm): boolean => !b.image && !b.imageMobile && !b.link.trim() && !b.title.trim() && !b.text.trim();

/**
 * What must be fixed before a save, by field key. A slot with words or a link but no image would be dropped by the
 * page (a banner is its image); a linked banner needs a title, since the image is decorative and the title names
 * the link; a popular category needs all three of its parts.
 */
export function validateLayout(form: LayoutForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of BANNER_KEYS) {
    const b = form.banners[key] ?? emptyBanner();
    if (!isEmptyBanner(b) && !b.image) errors[`${key}.Image`] = t.needsImage;
    if (b.link.trim() && !b.title.trim()) errors[`${key}.Title`] = t.needsTitle;
  }
  form.popular.forEach((p, i) => {
    const key = `PopularCategories.${i + 1}`;
    if (!p.name.trim()) errors[`${key}.Name`] = t.needsName;
    if (!p.image) errors[`${key}.Image`] = t.needsImage;
    if (!p.link) errors[`${key}.Link`] = t.needsLink;
  });
  return errors;
}

/** A new layout's name (the API's LayoutNameParams: 1–60 of a–z, 0–9, '-'; `ny` is the new-item address). Null = fine. */
export function layoutNameProblem(name: string): string | null {
  if (name === '') return t.nameMissing;
  if (name.length > 60) return t.nameTooLong;
  if (!/^[a-z0-9-]+$/.test(name)) return t.nameBadChars;
  if (name === NEW_KEY) return t.nameReserved;
  return null;
}
