import { Node, mergeAttributes } from '@tiptap/core';
import { insertBlockAtom } from './atomInsert.js';
import { imageUrl, parseImageUrl, picture, pictureFromUrl, type Picture } from '@shop/contracts/images';
import type { EditorImage } from '@shop/contracts/types';

/** The widest an image in a post's or page's body is shown (the text column), in CSS pixels: its `sizes`. */
export const BODY_IMAGE_MAX_WIDTH = 720;

export interface UploadedImageAttrs {
  id: string;
  /** The original's pixels; height 0 when only a URL was known (then no box is written). */
  width: number;
  height: number;
  alt: string;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    uploadedImage: {
      /** Inserts one of the shop's uploaded images (as its responsive <picture>) where the cursor is. */
      insertUploadedImage: (image: Pick<EditorImage, 'id' | 'width' | 'height' | 'alt'>) => ReturnType;
    };
  }
}

/** The `<picture>` of an image node: the same markup as pictureHtml (@shop/contracts/images), which the sanitiser keeps. */
export function pictureOfAttrs(attrs: UploadedImageAttrs): Picture | null {
  if (attrs.height > 0) return picture(attrs, BODY_IMAGE_MAX_WIDTH);
  return pictureFromUrl(imageUrl(attrs.id, attrs.width, 'webp'), attrs.alt, BODY_IMAGE_MAX_WIDTH);
}

/** Reads an uploaded image back from stored markup (a <picture> or a bare <img>); null for any other image. */
export function attrsFromImg(img: Element | null): UploadedImageAttrs | null {
  if (!img) return null;
  const parsed = parseImageUrl(img.getAttribute('src') ?? '');
  if (!parsed) return null;
  // The srcset's widest candidate is the original's width (capped); the box, when written, is the original's.
  const widest = Math.max(parsed.width, ...(img.getAttribute('srcset') ?? '').split(',').map((c) => parseImageUrl(c.trim().split(/\s+/)[0] ?? '')?.width ?? 0));
  const width = Number(img.getAttribute('width')) || widest;
  const height = Number(img.getAttribute('height')) || 0;
  return { id: parsed.id, width, height, alt: img.getAttribute('alt') ?? '' };
}

/**
 * An uploaded image in copy, stored as its `<picture>` (AVIF and WebP sources, WebP `<img>`): block-level and atomic,
 * so it is selected, moved and deleted whole. Other images (an outside URL) are not part of the editor's schema.
 */
export const UploadedImage = Node.create({
  name: 'uploadedImage',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      id: { default: '' },
      width: { default: 0 },
      height: { default: 0 },
      alt: { default: '' },
    };
  },
  parseHTML() {
    return [
      { tag: 'picture', getAttrs: (el) => attrsFromImg((el as HTMLElement).querySelector('img')) ?? false },
      { tag: 'img[src]', getAttrs: (el) => attrsFromImg(el as HTMLElement) ?? false },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const p = pictureOfAttrs(node.attrs as UploadedImageAttrs);
    if (!p) return ['p', mergeAttributes(HTMLAttributes)];
    const { img } = p;
    const box = img.width && img.height ? { width: String(img.width), height: String(img.height) } : {};
    return [
      'picture',
      ...p.sources.map((s) => ['source', { type: s.type, srcset: s.srcSet, sizes: s.sizes }] as const),
      ['img', { src: img.src, srcset: img.srcSet, sizes: img.sizes, ...box, alt: img.alt, loading: 'lazy', decoding: 'async' }],
    ];
  },
  addCommands() {
    return {
      insertUploadedImage: (image) => insertBlockAtom({ type: this.name, attrs: { id: image.id, width: image.width, height: image.height, alt: image.alt } }),
    };
  },
});
