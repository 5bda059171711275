/**
 * The two image stores (content/images: files under DATA_DIR/images, an S3-compatible bucket) held to the same table
 * of cases; the bucket is the signature-checking stand-in of support/s3StandIn.ts over real HTTP.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileImageStore } from '../../src/content/images/files.js';
import { s3ImageStore } from '../../src/content/images/s3.js';
import type { ImageStore } from '../../src/content/images/store.js';
import { startS3StandIn, type S3StandIn } from '../support/s3StandIn.js';

const ID = 'AbCdEfGhIjKlMnOpQrSt_-';
const OTHER = 'ZyXwVuTsRqPoNmLkJiHgFe';
const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));

let dir: string;
let s3: S3StandIn;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shop-images-'));
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3?.close();
});

const stores: Array<[string, () => ImageStore]> = [
  ['files', () => fileImageStore(dir)],
  ['s3', () => s3ImageStore({ kind: 's3', bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, credentials: s3.credentials })],
];

describe.each(stores)('the %s image store', (_kind, make) => {
  it('gives back what was put, byte for byte, with its content type', async () => {
    const store = make();
    const body = bytes(300_000);
    await store.put(`${ID}/640.webp`, body, 'image/webp');
    await store.put(`${ID}/640.avif`, bytes(10, 7), 'image/avif');
    const got = await store.get(`${ID}/640.webp`);
    expect(got?.contentType).toBe('image/webp');
    expect(got?.body.equals(body)).toBe(true);
    expect((await store.get(`${ID}/640.avif`))?.contentType).toBe('image/avif');
  });

  it('answers null for an object that is not there', async () => {
    const store = make();
    expect(await store.get(`${OTHER}/320.webp`)).toBeNull();
    expect(await store.get(`${ID}/9999.webp`)).toBeNull();
  });

  it('overwrites an object put again under the same key', async () => {
    const store = make();
    await store.put(`${ID}/320.webp`, bytes(20, 1), 'image/webp');
    await store.put(`${ID}/320.webp`, bytes(5, 2), 'image/webp');
    expect((await store.get(`${ID}/320.webp`))?.body.equals(bytes(5, 2))).toBe(true);
  });

  it('deletes one object and leaves the others; deleting a missing one is no error', async () => {
    const store = make();
    await store.put(`${OTHER}/original.png`, bytes(50), 'image/png');
    await store.put(`${OTHER}/320.webp`, bytes(40), 'image/webp');
    await store.delete(`${OTHER}/original.png`);
    expect(await store.get(`${OTHER}/original.png`)).toBeNull();
    expect(await store.get(`${OTHER}/320.webp`)).not.toBeNull();
    await store.delete(`${OTHER}/original.png`);
    await store.delete(`${OTHER}/320.webp`);
    expect(await store.get(`${OTHER}/320.webp`)).toBeNull();
  });

  it.each([
    '../../etc/passwd',
    `${ID}/../../x.webp`,
    `/${ID}/320.webp`,
    `${ID}/320.webp/`,
    `${ID}\\320.webp`,
    `${ID}/320.WEBP`,
    `${ID.slice(1)}/320.webp`,
    `${ID}/sub/320.webp`,
    '',
  ])('refuses the key %j for every operation', async (key) => {
    const store = make();
    await expect(store.put(key, bytes(1), 'image/webp')).rejects.toThrow(/not an image key/);
    await expect(store.get(key)).rejects.toThrow(/not an image key/);
    await expect(store.delete(key)).rejects.toThrow(/not an image key/);
  });
});

describe('files', () => {
  it('lie under the folder as {id}/{file}, with no temporary file left, and an emptied folder goes', async () => {
    const id = 'FilesFilesFilesFiles01';
    const store = fileImageStore(dir);
    await store.put(`${id}/960.avif`, bytes(100), 'image/avif');
    await store.put(`${id}/original.jpg`, bytes(100), 'image/jpeg');
    expect((await readdir(path.join(dir, id))).sort()).toEqual(['960.avif', 'original.jpg']);
    expect((await store.get(`${id}/original.jpg`))?.contentType).toBe('image/jpeg');
    await store.delete(`${id}/960.avif`);
    await store.delete(`${id}/original.jpg`);
    expect(await readdir(dir)).not.toContain(id);
  });
});

describe('S3', () => {
  it('keeps the objects under images/ with the type and a year-long immutable Cache-Control', async () => {
    const id = 'BucketBucketBucket0001';
    const store = stores[1]![1]();
    await store.put(`${id}/320.avif`, bytes(64), 'image/avif');
    expect(s3.objects.get(`images/${id}/320.avif`)).toMatchObject({ contentType: 'image/avif', cacheControl: 'public, max-age=31536000, immutable' });
    expect(s3.log.at(-1)).toEqual({ request: `PUT /${s3.bucket}/images/${id}/320.avif`, status: 200 });
  });

  it.each([
    ['a wrong secret', { bucket: () => s3.bucket, credentials: () => ({ ...s3.credentials, secretAccessKey: 'feil' }) }, /signature/i],
    ['an unknown key id', { bucket: () => s3.bucket, credentials: () => ({ ...s3.credentials, accessKeyId: 'AKIAUKJENT' }) }, /Access Key Id/],
    ['a missing bucket', { bucket: () => 'finnes-ikke', credentials: () => s3.credentials }, /bucket does not exist/],
  ])('fails loudly with %s (nothing stored, nothing read as missing)', async (_name, setup, message) => {
    const store = s3ImageStore({ kind: 's3', bucket: setup.bucket(), endpoint: s3.endpoint, region: s3.region, credentials: setup.credentials() });
    const before = s3.objects.size;
    await expect(store.put(`${ID}/1280.webp`, bytes(10), 'image/webp')).rejects.toThrow(message);
    await expect(store.get(`${ID}/640.webp`)).rejects.toThrow(message);
    expect(s3.objects.size).toBe(before);
  });
});
