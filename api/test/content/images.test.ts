/**
 * Issue 23's images through the API, on every test database and with both image stores (files, and S3 through the
 * signature-checking stand-in): upload (type by magic bytes, size, pixels, alt text, roles, CSRF), what is stored
 * (metadata stripped, upright, every width in AVIF and WebP, never upscaled), serving (types, sizes, cache headers,
 * 304), the picker's list, and delete (refused while shown, files gone after).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, imageUrl, imageWidths, picture } from '@shop/contracts/images';
import { imageUploadTexts } from '@shop/contracts/texts';
import type { EditorImage, EditorImagePage } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { STAFF_ROLE } from '../../src/content/staff.js';
import { fileImageStore } from '../../src/content/images/files.js';
import { s3ImageStore } from '../../src/content/images/s3.js';
import type { ImageStore } from '../../src/content/images/store.js';
import { useTestDatabase } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { startS3StandIn, type S3StandIn } from '../support/s3StandIn.js';

const DAY = 86_400_000;

// ------------------------------------------------------------------ test pictures (made with sharp, so they are real)
/** A JPEG as a phone writes it: stored 1200×800 with EXIF orientation 6 (a quarter turn), GPS position and camera. */
const phoneJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .composite([{ input: { create: { width: 300, height: 800, channels: 3, background: { r: 20, g: 20, b: 160 } } }, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'Fjellkamera', Model: 'Topp 9', Copyright: 'Privat' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1' },
      },
    })
    .toBuffer();
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).png().toBuffer();
const webp = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#224466' } }).webp().toBuffer();
const gif = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0' } }).gif().toBuffer();

/** A PNG whose header says 20 000 × 20 000 pixels (400 megapixels) in a few bytes: the shape of a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(16)), chunk('IEND', Buffer.alloc(0))]);
}

// ------------------------------------------------------------------ multipart
interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----bilde${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(headers), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
const form = (file: Buffer | null, alt: string | null, filename = 'bilde.jpg', type = 'image/jpeg') =>
  multipart([...(alt === null ? [] : [{ name: 'alt', value: alt }]), ...(file === null ? [] : [{ name: 'file', value: file, filename, type }])]);

// ------------------------------------------------------------------ the suites
type StoreKind = 'files' | 's3';

describe.each(testDatabaseKinds())('images on %s', (kind) => {
  // One database for the apps of both stores (their tests count and list images before and after, never all of them;
  // each app keeps to the images it uploaded).
  const database = useTestDatabase(kind);
  const storeKinds: StoreKind[] = kind === 'pglite' ? ['files', 's3'] : ['files'];

  describe.each(storeKinds)('with the %s store', (storeKind) => {
    let dir = '';
    let s3: S3StandIn | null = null;
    let store: ImageStore;
    const stores = {
      async files() {
        dir = await mkdtemp(path.join(tmpdir(), 'shop-images-test-'));
        return fileImageStore(dir);
      },
      async s3() {
        s3 = await startS3StandIn();
        return s3ImageStore({ kind: 's3', bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, credentials: s3.credentials });
      },
    };
    // The store must exist before the app is built (the app's beforeAll runs after this one).
    beforeAll(async () => {
      store = await stores[storeKind]();
    });
    // The app is built with a store that forwards to the one made above (which exists only once beforeAll ran).
    const t = database.app({
      imageStore: {
        kind: storeKind,
        location: 'test',
        put: (key, body, type) => store.put(key, body, type),
        get: (key) => store.get(key),
        delete: (key) => store.delete(key),
      },
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
      await s3?.close();
    });

    const ids = { staff: 0 };
    const newSession = async (customerId: number | null = null) => {
      const cookie = randomBytes(24).toString('base64url');
      const csrf = randomBytes(24).toString('base64url');
      await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
      return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
    };
    let staff: Record<string, string>;
    beforeAll(async () => {
      const [row] = await t()
        .db.insert(s.customers)
        .values({ firstName: 'Stine', lastName: 'Redaktør', email: `stine.${kind}.${storeKind}@example.no`, phone: storeKind === 's3' ? '44444445' : '44444444', role: STAFF_ROLE, termsConditions: true })
        .returning({ id: s.customers.id });
      ids.staff = row!.id;
      staff = await newSession(ids.staff);
    });

    const upload = (body: { payload: Buffer | string; contentType: string }, headers: Record<string, string> = staff) =>
      t().app.inject({ method: 'POST', url: '/api/v1/editor/images', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
    const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers });
    const rows = async () => Number((await t().db.select({ n: count() }).from(s.contentImages))[0]!.n);

    describe('upload', () => {
      it('takes a phone photo: upright, every width in AVIF and WebP, no EXIF or GPS in any file', async () => {
        const res = await upload(form(await phoneJpeg(), '  Rød og blå <b>jakke</b> på tur  '));
        expect(res.statusCode, res.body).toBe(201);
        const image = res.json<EditorImage>();
        expect(image).toMatchObject({ alt: 'Rød og blå jakke på tur', width: 800, height: 1200, uploaded_by: 'Stine Redaktør' });
        expect(image.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(imageWidths(image.width)).toEqual([320, 640, 800]);
        for (const width of [320, 640, 800]) {
          for (const format of ['avif', 'webp'] as const) {
            const served = await get(imageUrl(image.id, width, format));
            expect(served.statusCode, `${width}.${format}`).toBe(200);
            expect(served.headers['content-type']).toBe(`image/${format}`);
            const meta = await sharp(served.rawPayload).metadata();
            expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
            // Upright (the quarter turn applied) and exactly the width asked for.
            expect([meta.width, meta.height]).toEqual([width, Math.round((width * 1200) / 800)]);
            expect(meta.exif, `${width}.${format} EXIF`).toBeUndefined();
            expect(meta.xmp).toBeUndefined();
            expect(meta.iptc).toBeUndefined();
            expect(meta.orientation ?? 1).toBe(1);
            expect(served.rawPayload.includes(Buffer.from('Fjellkamera'))).toBe(false);
          }
        }
        // The master copy (kept, not served) has no metadata either.
        const master = await store.get(`${image.id}/original.jpg`);
        const masterMeta = await sharp(master!.body).metadata();
        expect([masterMeta.format, masterMeta.width, masterMeta.height, masterMeta.exif, masterMeta.orientation ?? 1]).toEqual(['jpeg', 800, 1200, undefined, 1]);
        expect(master!.body.includes(Buffer.from('Fjellkamera'))).toBe(false);
        // The left (blue) edge of the stored picture is now its top: the turn really happened.
        const { data } = await sharp(master!.body).extract({ left: 400, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
        expect(data[2]!).toBeGreaterThan(120);
        expect(data[0]!).toBeLessThan(80);
      });

      it.each([
        ['a PNG with transparency', () => png(500, 300), 'bilde.png', 'image/png', [500, 300], [320, 500]],
        ['a wide WebP (the widest size is 1920, never the original 2400)', () => webp(2400, 1000), 'bilde.webp', 'image/webp', [2400, 1000], [320, 640, 960, 1280, 1920]],
        ['a tiny image (one size, its own width)', () => webp(120, 90), 'liten.webp', 'image/webp', [120, 90], [120]],
        ['a PNG sent with a .jpg name and the JPEG type (the bytes decide)', () => png(400, 400), 'lurt.jpg', 'image/jpeg', [400, 400], [320, 400]],
      ])('takes %s', async (_name, make, filename, type, [width, height], widths) => {
        const res = await upload(form(await make(), 'Bilde', filename, type));
        expect(res.statusCode, res.body).toBe(201);
        const image = res.json<EditorImage>();
        expect([image.width, image.height]).toEqual([width, height]);
        for (const w of widths) expect((await get(imageUrl(image.id, w, 'webp'))).statusCode).toBe(200);
        // Never upscaled: no size past the original's (or the widest step).
        const past = (widths.at(-1)! < 1920 ? width : 1920) + 1;
        expect((await get(imageUrl(image.id, past, 'webp'))).statusCode).toBe(404);
        expect((await get(imageUrl(image.id, 1920, 'avif'))).statusCode).toBe(widths.includes(1920) ? 200 : 404);
      });

      it('takes a photo over a megabyte (the multipart limit, not the 1 MB JSON body limit, applies)', async () => {
        const noise = await sharp(randomBytes(1100 * 800 * 3), { raw: { width: 1100, height: 800, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
        expect(noise.length).toBeGreaterThan(1.1 * 1024 * 1024);
        const res = await upload(form(noise, 'Støy'));
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json<EditorImage>()).toMatchObject({ width: 1100, height: 800, bytes: noise.length });
      });

      it.each([
        ['a GIF', async () => form(await gif(), 'Gif', 'bilde.gif', 'image/gif'), 415, imageUploadTexts.badType, 'file'],
        ['text named .jpg and typed as JPEG', async () => form(Buffer.from('dette er ikke et bilde'), 'Tekst', 'bilde.jpg', 'image/jpeg'), 415, imageUploadTexts.badType, 'file'],
        ['an SVG', async () => form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'Svg', 'x.svg', 'image/svg+xml'), 415, imageUploadTexts.badType, 'file'],
        ['a PNG signature in front of garbage', async () => form(Buffer.concat([pngClaiming(10, 10).subarray(0, 8), randomBytes(2000)]), 'Rot', 'x.png', 'image/png'), 400, imageUploadTexts.unreadable, 'file'],
        ['a decompression bomb (400 megapixels in the header)', async () => form(pngClaiming(20_000, 20_000), 'Bombe', 'x.png', 'image/png'), 413, imageUploadTexts.tooManyPixels, 'file'],
        ['a file over 10 MB', async () => form(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(IMAGE_MAX_BYTES)]), 'Stor', 'stor.jpg'), 413, imageUploadTexts.tooLarge, 'file'],
        ['no alt text', async () => form(await png(50, 50), null, 'x.png', 'image/png'), 400, imageUploadTexts.altMissing, 'alt'],
        ['a blank alt text', async () => form(await png(50, 50), '  \n ', 'x.png', 'image/png'), 400, imageUploadTexts.altMissing, 'alt'],
        ['an alt text of markup only', async () => form(await png(50, 50), '<b> </b><script>x</script>', 'x.png', 'image/png'), 400, imageUploadTexts.altMissing, 'alt'],
        ['an alt text of 301 characters', async () => form(await png(50, 50), 'a'.repeat(301), 'x.png', 'image/png'), 400, imageUploadTexts.altTooLong, 'alt'],
        ['an alt text of 5 000 characters', async () => form(await png(50, 50), 'a'.repeat(5000), 'x.png', 'image/png'), 400, imageUploadTexts.altTooLong, 'alt'],
        ['no file', async () => form(null, 'Bare tekst'), 400, imageUploadTexts.fileMissing, 'file'],
        ['an empty file', async () => form(Buffer.alloc(0), 'Tom'), 400, imageUploadTexts.fileMissing, 'file'],
        ['two files', async () => multipart([{ name: 'alt', value: 'To' }, { name: 'file', value: await png(10, 10), filename: 'a.png' }, { name: 'file', value: await png(10, 10), filename: 'b.png' }]), 400, imageUploadTexts.fileMissing, 'file'],
        ['JSON instead of a form', async () => ({ payload: JSON.stringify({ alt: 'x', file: 'iVBORw0KGgo=' }), contentType: 'application/json' }), 415, imageUploadTexts.fileMissing, 'file'],
      ])('refuses %s with a Norwegian message, storing nothing', async (_name, body, status, message, field) => {
        const before = await rows();
        const objects = s3?.objects.size;
        const res = await upload(await body());
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
        expect(await rows()).toBe(before);
        if (s3) expect(s3.objects.size).toBe(objects);
      });

      it('a real oversized image is stopped too (26 megapixels over a bound of 25, decoded nowhere)', async () => {
        const { deriveImage } = await import('../../src/content/images/derive.js');
        const big = await sharp({ create: { width: 6500, height: 4000, channels: 3, background: '#888' } }).png({ compressionLevel: 9 }).toBuffer();
        await expect(deriveImage(big, 25_000_000)).rejects.toMatchObject({ statusCode: 413, message: imageUploadTexts.tooManyPixels });
        await expect(deriveImage(await png(100, 100), 25_000_000)).resolves.toMatchObject({ width: 100 });
      });
    });

    describe('who may upload', () => {
      it('401 anonymous, 403 a customer, 419 without the CSRF token: nothing read, nothing stored', async () => {
        const body = form(await png(60, 60), 'Forsøk', 'x.png', 'image/png');
        const before = await rows();
        const anonymous = await upload(body, await newSession());
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().message).toBe('Du må logge inn som redaktør for å gjøre dette.');
        const customer = await upload(body, await newSession(t().fixtures.customerId));
        expect(customer.statusCode).toBe(403);
        expect(customer.json().message).toBe('Kontoen din har ikke tilgang til redaksjonen.');
        expect((await upload(body, { cookie: staff.cookie! })).statusCode).toBe(419);
        expect((await upload(body, { cookie: staff.cookie!, 'x-csrf-token': 'feil' })).statusCode).toBe(419);
        for (const headers of [await newSession(), await newSession(t().fixtures.customerId)]) {
          expect((await t().app.inject({ method: 'GET', url: '/api/v1/editor/images', headers })).statusCode).toBeGreaterThanOrEqual(401);
        }
        expect(await rows()).toBe(before);
      });
    });

    describe('serving', () => {
      let image: EditorImage;
      beforeAll(async () => {
        image = (await upload(form(await webp(1000, 500), 'Fjell', 'fjell.webp', 'image/webp'))).json<EditorImage>();
      });

      it('with a year-long immutable Cache-Control, an ETag and 304 when it matches, to anybody', async () => {
        const url = imageUrl(image.id, 640, 'avif');
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        expect(first.headers).toMatchObject({ 'content-type': 'image/avif', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
        const etag = String(first.headers.etag);
        const again = await get(url, { 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect((await get(url, { 'if-none-match': '"annen"' })).statusCode).toBe(200);
      });

      it('every URL the <picture> helper writes for it answers', async () => {
        const p = picture({ ...image }, 720);
        const urls = [...p.sources.flatMap((source) => source.srcSet.split(', ').map((c) => c.split(' ')[0]!)), p.img.src];
        expect(urls.length).toBe(9);
        for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
      });

      it.each([
        ['an unknown image', () => imageUrl('ZZZZZZZZZZZZZZZZZZZZZZ', 320, 'webp'), 404],
        ['a width never made', () => imageUrl(image.id, 321, 'webp'), 404],
        ['the master copy', () => `/api/v1/images/uploads/${image.id}/original.webp`, 400],
        ['another format', () => `/api/v1/images/uploads/${image.id}/320.png`, 400],
        ['a malformed id', () => '/api/v1/images/uploads/..%2F..%2Fetc/320.webp', 400],
      ])('refuses %s', async (_name, url, status) => {
        const res = await get(url());
        expect(res.statusCode).toBe(status);
        expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
      });
    });

    describe('the picker list and delete', () => {
      it('lists newest first, page by page, with who uploaded', async () => {
        const total = await rows();
        const first = await t().app.inject({ method: 'GET', url: '/api/v1/editor/images?per_page=2', headers: staff });
        expect(first.statusCode).toBe(200);
        const page = first.json<EditorImagePage>();
        expect(page).toMatchObject({ total, page: 1, per_page: 2 });
        expect(page.items).toHaveLength(2);
        expect(page.items[0]!.created_at >= page.items[1]!.created_at).toBe(true);
        expect(first.headers['cache-control']).toBe('no-store');
        const second = (await t().app.inject({ method: 'GET', url: '/api/v1/editor/images?per_page=2&page=2', headers: staff })).json<EditorImagePage>();
        expect(second.items.map((i) => i.id)).not.toContain(page.items[0]!.id);
        expect((await t().app.inject({ method: 'GET', url: '/api/v1/editor/images?per_page=101', headers: staff })).statusCode).toBe(400);
      });

      it('refuses to delete an image a post shows, and deletes it with every file once it is out', async () => {
        const image = (await upload(form(await png(700, 400), 'Til sletting', 'x.png', 'image/png'))).json<EditorImage>();
        const [post] = await t()
          .db.insert(s.blogPosts)
          .values({ slug: `bilde-${image.id.toLowerCase().replace(/[^a-z0-9]/g, '')}`, title: 'Turinnlegg', body: `<p>Se her</p><img src="${imageUrl(image.id, 640, 'webp')}" alt="x">` })
          .returning({ id: s.blogPosts.id });
        const del = () => t().app.inject({ method: 'DELETE', url: `/api/v1/editor/images/${image.id}`, headers: staff });
        const refused = await del();
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(imageUploadTexts.inUse(['innlegget «Turinnlegg»']));
        expect((await get(imageUrl(image.id, 640, 'webp'))).statusCode).toBe(200);

        await t().db.update(s.blogPosts).set({ body: '<p>Uten bilde</p>' }).where(eq(s.blogPosts.id, post!.id));
        const done = await del();
        expect(done.statusCode, done.body).toBe(204);
        for (const width of [320, 640, 700]) for (const format of ['avif', 'webp'] as const) expect((await get(imageUrl(image.id, width, format))).statusCode).toBe(404);
        expect(await store.get(`${image.id}/original.png`)).toBeNull();
        if (s3) expect([...s3.objects.keys()].filter((key) => key.includes(image.id))).toEqual([]);
        expect((await del()).statusCode).toBe(404);
        expect((await t().app.inject({ method: 'DELETE', url: '/api/v1/editor/images/kort', headers: staff })).statusCode).toBe(400);
      });
    });
  });
});
