/**
 * What an uploaded image becomes (issue 23): its type told by its first bytes (JPEG, PNG, WebP — never by its name or
 * stated type), its pixels bounded before anything is decoded (a decompression bomb is a small file), turned upright
 * by its EXIF orientation, and stored without its metadata (EXIF, GPS, XMP, IPTC: where and with what a photo was
 * taken is nobody's business) — as a master copy in its own format and every derived width in AVIF and WebP, with
 * sharp (libvips).
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_FORMAT_TYPES, IMAGE_FORMATS, IMAGE_MAX_PIXELS, imageWidths, type ImageFormat, type ImageUploadType } from '@shop/contracts/images';
import { imageUploadTexts } from '@shop/contracts/texts';

/** A refused upload: the Norwegian message the editor sees, with the status that fits it. */
export class ImageInputError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'ImageInputError';
  }
}

/** The type of an image by its signature (magic bytes); null for anything that is not JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): ImageUploadType | null {
  const starts = (signature: number[], at = 0) => bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The master copy's file extension per uploaded type. */
export const MASTER_EXTENSIONS: Readonly<Record<ImageUploadType, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const SHARP_FORMATS: Readonly<Record<ImageUploadType, string>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export interface DerivedFile {
  /** `{file}` part of the store key: `original.jpg`, `640.avif`… */
  file: string;
  body: Buffer;
  contentType: string;
}

export interface DerivedImage {
  type: ImageUploadType;
  /** Upright pixels of the original. */
  width: number;
  height: number;
  files: DerivedFile[];
}

/** The store key of a derived size. */
export const derivedFile = (width: number, format: ImageFormat) => `${width}.${format}`;
export const masterFile = (type: ImageUploadType) => `original.${MASTER_EXTENSIONS[type]}`;

/** Every file an image of this type and width has in the store (to delete them all). */
export function filesOf(type: ImageUploadType, width: number): string[] {
  return [masterFile(type), ...imageWidths(width).flatMap((w) => IMAGE_FORMATS.map((format) => derivedFile(w, format)))];
}

/**
 * Encoder settings: visually close to the original at a fraction of the bytes, and quick enough that an upload takes
 * seconds, not tens of them, on a two-core server. Measured here on a 3000×2000 photo-like JPEG to 1920 px (with
 * the machine busy): AVIF effort 0/1/2 took 0.36/1.7/2.3 s for 360/334/342 kB, so effort 0; WebP effort 4 0.6 s.
 * The master copy is never served, so plain libjpeg (0.13 s) rather than mozjpeg (1.1 s).
 */
const ENCODE = {
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 0 }),
  webp: (image: Sharp) => image.webp({ quality: 80, effort: 4 }),
} satisfies Record<ImageFormat, (image: Sharp) => Sharp>;

const MASTER = {
  'image/jpeg': (image: Sharp) => image.jpeg({ quality: 92 }),
  'image/png': (image: Sharp) => image.png({ compressionLevel: 8 }),
  'image/webp': (image: Sharp) => image.webp({ quality: 92 }),
} satisfies Record<ImageUploadType, (image: Sharp) => Sharp>;

export async function deriveImage(bytes: Buffer, maxPixels: number = IMAGE_MAX_PIXELS): Promise<DerivedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageInputError(415, imageUploadTexts.badType);
  // limitInputPixels makes libvips refuse to decode past the bound; the header check before it gives the editor the
  // right message (and a file that claims to be small but decodes bigger is still stopped by libvips).
  const input = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
  let meta: Metadata;
  try {
    // The header alone (nothing decoded), read without the bound so that an oversized image gets its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageInputError(400, imageUploadTexts.unreadable);
  }
  // The signature said one type and libvips found another (a PNG signature in front of a GIF…): refused as unreadable.
  if (meta.format !== SHARP_FORMATS[type]) throw new ImageInputError(400, imageUploadTexts.unreadable);
  const storedWidth = meta.width ?? 0;
  const storedHeight = meta.height ?? 0;
  if (storedWidth < 1 || storedHeight < 1) throw new ImageInputError(400, imageUploadTexts.unreadable);
  if (storedWidth * storedHeight > maxPixels) throw new ImageInputError(413, imageUploadTexts.tooManyPixels);
  // EXIF orientations 5–8 turn the picture a quarter: the upright image is the stored one's height wide.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const width = quarterTurn ? storedHeight : storedWidth;
  const height = quarterTurn ? storedWidth : storedHeight;

  // Each output decodes the upload again (a raw copy of 50 megapixels would be 200 MB held per upload; JPEG's
  // shrink-on-load makes the narrow ones cheap), turned upright. sharp writes no metadata unless asked
  // (keepMetadata/withMetadata), so nothing of the camera's EXIF/GPS/XMP/IPTC is kept in any file.
  const upright = () => input().rotate();
  try {
    const files: DerivedFile[] = [{ file: masterFile(type), body: await MASTER[type](upright()).toBuffer(), contentType: type }];
    for (const target of imageWidths(width)) {
      const resized = upright().resize({ width: target, withoutEnlargement: true });
      const bodies = await Promise.all(IMAGE_FORMATS.map((format) => ENCODE[format](resized.clone()).toBuffer()));
      IMAGE_FORMATS.forEach((format, i) => files.push({ file: derivedFile(target, format), body: bodies[i]!, contentType: IMAGE_FORMAT_TYPES[format] }));
    }
    return { type, width, height, files };
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file: failOn 'error').
    throw new ImageInputError(400, imageUploadTexts.unreadable);
  }
}

let queue: Promise<unknown> = Promise.resolve();
/**
 * deriveImage, one upload at a time per process: libvips already uses every core for one image, so two editors
 * uploading at once would only both take longer — and take the cores the shoppers' requests need meanwhile.
 */
export function deriveImageInTurn(bytes: Buffer): Promise<DerivedImage> {
  const turn = queue.then(() => deriveImage(bytes));
  queue = turn.catch(() => undefined);
  return turn;
}
