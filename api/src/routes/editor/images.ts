/**
 * The editor's images under /api/v1/editor/images (issue 23): upload (multipart `alt` + `file`), list for a picker,
 * delete. Staff only, checked before a byte of the upload is read (the multipart body is parsed in the handler, after
 * the app's CSRF check and the staff guard); what the upload may be is content/images/derive.ts. The images are
 * served by routes/images (`/api/v1/images/uploads/{id}/{width}.{avif|webp}`).
 */
import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, desc, eq, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { IMAGE_ALT_MAX, IMAGE_ID_PATTERN, IMAGE_MAX_BYTES, IMAGE_URL_BASE, type ImageUploadType } from '@shop/contracts/images';
import { imageUploadTexts } from '@shop/contracts/texts';
import type { EditorImage, EditorImagePage } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { blogPosts, contentImages, customers, homeLayouts, polls, staticPages } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { plainText } from '../../content/sanitize.js';
import { deriveImageInTurn, filesOf, ImageInputError } from '../../content/images/derive.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';
import { requireStaff } from './guard.js';

export const ImageIdParams = Type.Object({ id: Type.String({ pattern: IMAGE_ID_PATTERN, description: 'Image id (22 characters, URL-safe base64)' }) });

const EditorImageSchema = Type.Object({
  id: Type.String(),
  alt: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  uploaded_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
const EditorImagePageSchema = Type.Object({ items: Type.Array(EditorImageSchema), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() });
const PageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
  },
  { additionalProperties: false },
);
assertSameShape<SameShape<Static<typeof EditorImageSchema>, EditorImage>>();
assertSameShape<SameShape<Static<typeof EditorImagePageSchema>, EditorImagePage>>();

const guardedResponses = { 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody'), ...errorResponses };

const fileError = (status: number, message: string) => new HttpError(status, message, [{ field: 'file', message }]);
const altError = (message: string) => new HttpError(400, message, [{ field: 'alt', message }]);

/** 128 random bits: 22 characters of URL-safe base64 (IMAGE_ID_PATTERN). */
export const newImageId = () => randomBytes(16).toString('base64url');

async function editorImages(db: Db, where: { id?: string }, page = 1, perPage = 1): Promise<EditorImage[]> {
  const rows = await db
    .select({ image: contentImages, first: customers.firstName, last: customers.lastName })
    .from(contentImages)
    .leftJoin(customers, eq(customers.id, contentImages.uploadedBy))
    .where(where.id ? eq(contentImages.id, where.id) : undefined)
    .orderBy(desc(contentImages.createdAt), desc(contentImages.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map(({ image, first, last }) => ({
    id: image.id,
    alt: image.alt,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    uploaded_by: first === null ? null : `${first} ${last ?? ''}`.trim(),
    created_at: image.createdAt.toISOString(),
  }));
}

/**
 * Where an image is shown: every stored text that holds its URL (a post's body or picture, a copy page, a home
 * layout's slots, a poll's banners), named as the editor knows them.
 */
export async function imageUses(db: Db, id: string): Promise<string[]> {
  const needle = `${IMAGE_URL_BASE}/${id}/`;
  const holds = (column: unknown) => sql`strpos(${column}, ${needle}) > 0`;
  const [posts, pages, layouts, pollRows] = await Promise.all([
    db
      .select({ title: blogPosts.title })
      .from(blogPosts)
      .where(sql`${holds(blogPosts.body)} or ${holds(sql`coalesce(${blogPosts.featuredImage}, '')`)}`)
      .limit(5),
    db.select({ slug: staticPages.slug }).from(staticPages).where(holds(staticPages.body)).limit(5),
    db.select({ name: homeLayouts.name }).from(homeLayouts).where(holds(sql`${homeLayouts.slots}::text`)).limit(5),
    db
      .select({ name: polls.name })
      .from(polls)
      .where(sql`${holds(sql`coalesce(${polls.bannerDesktop}, '')`)} or ${holds(sql`coalesce(${polls.bannerMobile}, '')`)}`)
      .limit(5),
  ]);
  return [
    ...posts.map((p) => `innlegget «${p.title}»`),
    ...pages.map((p) => `siden «${p.slug}»`),
    ...layouts.map((l) => `forsiden «${l.name}»`),
    ...pollRows.map((p) => `avstemningen «${p.name}»`),
  ];
}

export const editorImagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;
  const store = () => app.imageStore;

  await app.register(fastifyMultipart, {
    // One file and the alt text; the alt text's own bound is checked below (a longer field arrives truncated).
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: IMAGE_ALT_MAX * 4 + 16, headerPairs: 20 },
    throwFileSizeLimit: true,
  });

  // As the other editor routes (editor/index.ts): staff only, before anything of the input is looked at.
  app.addHook('preValidation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireStaff(db(), request);
  });

  app.post(
    '/editor/images',
    {
      schema: {
        tags: ['editor'],
        summary: 'Upload an image (multipart: `alt` then `file`; JPEG, PNG or WebP up to 10 MB): stored without metadata, in AVIF and WebP sizes',
        consumes: ['multipart/form-data'],
        response: { 201: EditorImageSchema, 413: Type.Ref('ErrorBody'), 415: Type.Ref('ErrorBody'), ...guardedResponses },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(db(), request);
      if (!request.isMultipart()) throw fileError(415, imageUploadTexts.fileMissing);
      let alt: { value: string; truncated: boolean } | null = null;
      let upload: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            // Anything but the one `file` part is read to its end and dropped (the parser needs the stream drained).
            if (part.fieldname === 'file' && upload === null) upload = await part.toBuffer();
            else await part.toBuffer();
          } else if (part.fieldname === 'alt' && typeof part.value === 'string') {
            alt = { value: part.value, truncated: part.valueTruncated };
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fileError(413, imageUploadTexts.tooLarge);
        // A form with more parts than alt + file, or one that is not multipart after all.
        if ((error as { code?: string }).code?.startsWith('FST_')) throw fileError(400, imageUploadTexts.fileMissing);
        throw error;
      }
      const altText = alt ? plainText(alt.value) : '';
      if (!altText) throw altError(imageUploadTexts.altMissing);
      if (alt!.truncated || altText.length > IMAGE_ALT_MAX) throw altError(imageUploadTexts.altTooLong);
      if (!upload || upload.length === 0) throw fileError(400, imageUploadTexts.fileMissing);

      let derived;
      try {
        derived = await deriveImageInTurn(upload);
      } catch (error) {
        if (error instanceof ImageInputError) throw fileError(error.statusCode, error.message);
        throw error;
      }
      const id = newImageId();
      const written: string[] = [];
      const removeWritten = () => Promise.allSettled(written.map((key) => store().delete(key)));
      try {
        for (const file of derived.files) {
          const key = `${id}/${file.file}`;
          await store().put(key, file.body, file.contentType);
          written.push(key);
        }
        // The row last: an image is listed (and can be chosen) only once every size of it is stored.
        await db().insert(contentImages).values({ id, alt: altText, type: derived.type, width: derived.width, height: derived.height, bytes: upload.length, uploadedBy: staff.id });
      } catch (error) {
        await removeWritten();
        throw error;
      }
      const [image] = await editorImages(db(), { id });
      return reply.status(201).send(image!);
    },
  );

  app.get(
    '/editor/images',
    { schema: { tags: ['editor'], summary: 'Uploaded images, newest first (for a picker)', querystring: PageQuery, response: { 200: EditorImagePageSchema, ...guardedResponses } } },
    async (request) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 24;
      const [items, [total]] = await Promise.all([editorImages(db(), {}, page, perPage), db().select({ n: count() }).from(contentImages)]);
      return { items, total: Number(total?.n ?? 0), page, per_page: perPage };
    },
  );

  app.delete(
    '/editor/images/:id',
    {
      schema: {
        tags: ['editor'],
        summary: 'Delete an image and all its sizes (409 while a post, page, poll or home layout shows it)',
        params: ImageIdParams,
        response: { 204: Type.Null(), 409: Type.Ref('ErrorBody'), ...guardedResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [row] = await db().select().from(contentImages).where(eq(contentImages.id, id));
      if (!row) throw new HttpError(404, imageUploadTexts.notFound);
      // A page that shows the image would show a broken one: the editor takes it out of the page first.
      const uses = await imageUses(db(), id);
      if (uses.length) throw new HttpError(409, imageUploadTexts.inUse(uses));
      const [deleted] = await db().delete(contentImages).where(eq(contentImages.id, id)).returning({ id: contentImages.id });
      if (!deleted) throw new HttpError(404, imageUploadTexts.notFound);
      // The row is the truth; files a failed delete leaves behind are unreachable (no row, no listing) and logged.
      const results = await Promise.allSettled(filesOf(row.type as ImageUploadType, row.width).map((file) => store().delete(`${id}/${file}`)));
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length) request.log.warn({ imageId: id, failed: failed.length, reason: String((failed[0] as PromiseRejectedResult).reason) }, 'image files left in the store');
      return reply.status(204).send(null);
    },
  );
};
