/**
 * Uploaded content images (issue 23): the facts the API and the front ends share about them — which types and sizes
 * an upload may have, which widths and formats the shop derives from it, their URLs, and the `srcset`/`sizes`/
 * `<picture>` sources that show one. Pure: the API stores and serves by these, the editor and the pages render by them.
 */

/** What an editor may upload (checked on the server by the file's first bytes, not its name or stated type). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];
/** Largest upload in bytes (10 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Most pixels an upload may decode to (a small file can decode to gigabytes: a decompression bomb). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Longest alternative text. */
export const IMAGE_ALT_MAX = 300;

/** The widths the shop derives, narrowest first (phones to wide desktops at 2x). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** Derived formats, the best compression first (a `<picture>` lists its sources in this order). */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_FORMAT_TYPES: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp' };
/** The format of an `<img>`'s own `src`/`srcset` in a `<picture>`: every browser the shop supports shows WebP. */
export const IMAGE_FALLBACK_FORMAT: ImageFormat = 'webp';

/** Where the API serves uploaded images: `${IMAGE_URL_BASE}/{id}/{width}.{format}`. */
export const IMAGE_URL_BASE = '/api/v1/images/uploads';
/** An image id: 22 characters of URL-safe base64 (128 random bits, so a URL is never reused for other pixels). */
export const IMAGE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

/**
 * The widths derived from an image `originalWidth` pixels wide: every step narrower than it, and the image's own
 * width (up to the widest step) as the last one — never wider than the original (no upscaling).
 */
export function imageWidths(originalWidth: number): number[] {
  const width = Math.floor(originalWidth);
  if (!Number.isFinite(width) || width < 1) return [];
  const top = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  return [...IMAGE_WIDTHS.filter((step) => step < top), top];
}

/** The URL of one derived size. */
export function imageUrl(id: string, width: number, format: ImageFormat): string {
  return `${IMAGE_URL_BASE}/${id}/${width}.${format}`;
}

const URL_PATTERN = new RegExp(`^${IMAGE_URL_BASE}/([A-Za-z0-9_-]{22})/([1-9][0-9]{0,4})\\.(avif|webp)$`);

/** The id, width and format of an uploaded image's URL (site-relative, as the shop writes them); null for any other. */
export function parseImageUrl(url: string): { id: string; width: number; format: ImageFormat } | null {
  const match = URL_PATTERN.exec(url);
  if (!match) return null;
  return { id: match[1]!, width: Number(match[2]), format: match[3] as ImageFormat };
}

/** What a page needs to know of an uploaded image to show it. */
export interface ImageRef {
  id: string;
  /** Of the original, in pixels. */
  width: number;
  height: number;
  alt: string;
}

/** A `srcset` of one format: every derived width with its `w` descriptor. */
export function imageSrcSet(image: Pick<ImageRef, 'id' | 'width'>, format: ImageFormat): string {
  return imageWidths(image.width)
    .map((width) => `${imageUrl(image.id, width, format)} ${width}w`)
    .join(', ');
}

/**
 * `sizes` for an image shown `layout` wide: the full viewport up to `maxWidth` CSS pixels, then `maxWidth`
 * (`100vw` alone when there is no cap).
 */
export function imageSizes(maxWidth?: number): string {
  if (!maxWidth || maxWidth < 1) return '100vw';
  return `(max-width: ${Math.round(maxWidth)}px) 100vw, ${Math.round(maxWidth)}px`;
}

export interface PictureSource {
  type: string;
  srcSet: string;
  sizes: string;
}

/** Everything a `<picture>` of an uploaded image holds: AVIF and WebP sources, and the `<img>` (WebP) with its box. */
export interface Picture {
  sources: PictureSource[];
  /** `width`/`height` are the original's when known (then the page reserves the box before the image arrives). */
  img: { src: string; srcSet: string; sizes: string; width?: number; height?: number; alt: string };
}

function pictureOf(id: string, widest: number, alt: string, maxWidth: number | undefined, box?: { width: number; height: number }): Picture {
  const sizes = imageSizes(maxWidth);
  const widths = imageWidths(widest);
  const fallback = widths.find((w) => w >= 640) ?? widths[widths.length - 1] ?? widest;
  return {
    sources: IMAGE_FORMATS.map((format) => ({ type: IMAGE_FORMAT_TYPES[format], srcSet: imageSrcSet({ id, width: widest }, format), sizes })),
    img: { src: imageUrl(id, fallback, IMAGE_FALLBACK_FORMAT), srcSet: imageSrcSet({ id, width: widest }, IMAGE_FALLBACK_FORMAT), sizes, ...box, alt },
  };
}

/**
 * The `<picture>` of an uploaded image shown at most `maxWidth` CSS pixels wide. The `<img>`'s `src` is the derived
 * size nearest above 640 px (what a browser without `srcset` gets), its `width`/`height` the original's.
 */
export function picture(image: ImageRef, maxWidth?: number): Picture {
  return pictureOf(image.id, image.width, image.alt, maxWidth, { width: image.width, height: image.height });
}

/**
 * The `<picture>` of an uploaded image known only by one of its URLs (a post's featured image, a banner): every
 * derived width up to the URL's — each of those exists, since the sizes are every step narrower than the original
 * plus the original's width — without a box (the original's size is not in the URL). Null for any other URL.
 */
export function pictureFromUrl(url: string, alt: string, maxWidth?: number): Picture | null {
  const parsed = parseImageUrl(url);
  return parsed ? pictureOf(parsed.id, parsed.width, alt, maxWidth) : null;
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The same `<picture>` as HTML, for content stored as HTML (blog posts, copy pages): the API's sanitiser keeps
 * exactly these elements and attributes when every URL in them is an uploaded image's.
 */
export function pictureHtml(image: ImageRef, maxWidth?: number): string {
  const p = picture(image, maxWidth);
  const sources = p.sources.map((s) => `<source type="${s.type}" srcset="${escapeAttr(s.srcSet)}" sizes="${escapeAttr(s.sizes)}">`).join('');
  const { img } = p;
  const box = img.width && img.height ? `width="${img.width}" height="${img.height}" ` : '';
  return (
    `<picture>${sources}<img src="${escapeAttr(img.src)}" srcset="${escapeAttr(img.srcSet)}" sizes="${escapeAttr(img.sizes)}" ` +
    `${box}alt="${escapeAttr(img.alt)}" loading="lazy" decoding="async"></picture>`
  );
}
