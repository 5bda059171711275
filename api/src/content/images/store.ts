/**
 * Where uploaded content images are kept: one interface, two places (issue 23: "stored by the shop … under DATA_DIR
 * for the embedded setup, in an S3-compatible bucket when configured — one adapter"). Keys are `{image id}/{file}`
 * (keys.ts); a store refuses any other key, so nothing outside its folder or prefix can be named.
 */
import type { ImageStorageConfig } from '../../config.js';
import { fileImageStore } from './files.js';
import { s3ImageStore } from './s3.js';

export interface StoredImage {
  body: Buffer;
  contentType: string;
}

export interface ImageStore {
  /** 'files' or 's3', for the start-up log. */
  readonly kind: ImageStorageConfig['kind'];
  /** Where, for the start-up log (a folder, or s3://bucket). */
  readonly location: string;
  /** Writes (or overwrites) one object; resolved once it is stored. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredImage | null>;
  /** Removes one object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/** `{22-character id}/{name}.{extension}`: the only keys a store takes. */
const KEY = /^[A-Za-z0-9_-]{22}\/[a-z0-9]{1,20}\.[a-z]{3,4}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not an image key: ${JSON.stringify(key).slice(0, 80)}`);
  return key;
}

export function createImageStore(config: ImageStorageConfig): ImageStore {
  return config.kind === 's3' ? s3ImageStore(config) : fileImageStore(config.dir);
}
