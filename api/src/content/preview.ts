/**
 * Previews (issue 23): a public read of a post, poll or copy page asked with `?forhandsvisning=1` answers the latest
 * saved version, whatever its status, when the session is an editor's or an admin's (CONTENT_ROLES); anyone else gets
 * what they get without it (the published content or a 404). Whether a request asks for a preview is one function
 * (`asksForPreview`), used both by the routes and by the HTTP answer cache, which neither serves nor stores such a
 * request (httpCache.ts): a draft can never reach a shopper through the cache, and a cached published answer can
 * never stand in for an editor's draft.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { CONTENT_ROLES } from '@shop/contracts/constants';
import { PREVIEW_PARAM } from '@shop/contracts/routes';
import type { ContentPreview } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import { customers } from '../db/schema.js';
import { contentStatus, type Publication } from './versions.js';

/** Every preview answer: one person's, never kept by a browser's or anyone's cache. */
export const PREVIEW_CACHE_CONTROL = 'private, no-store';

/**
 * Whether a request's query names the preview parameter at all, with any value or spelling the query parser decodes
 * to it (`forh%61ndsvisning=1`, repeated, empty): such requests bypass the answer cache. Only staff get a draft.
 */
export function asksForPreview(query: unknown): boolean {
  return typeof query === 'object' && query !== null && Object.prototype.hasOwnProperty.call(query, PREVIEW_PARAM);
}

/** Whether this request asks for a preview (`=1`) and its session may see drafts (an active editor or admin). */
export async function mayPreview(db: Db, request: FastifyRequest): Promise<boolean> {
  if (!asksForPreview(request.query) || (request.query as Record<string, unknown>)[PREVIEW_PARAM] !== '1') return false;
  return mayReadDrafts(db, request);
}

/** Whether the request's session is an active editor's or admin's, who may read content that is not live. */
export async function mayReadDrafts(db: Db, request: FastifyRequest): Promise<boolean> {
  const session = await request.session.get();
  if (!session?.customerId) return false;
  const [row] = await db
    .select({ role: customers.role })
    .from(customers)
    .where(and(eq(customers.id, session.customerId), isNull(customers.deletedAt), isNull(customers.deactivatedAt)));
  return row !== undefined && (CONTENT_ROLES as readonly string[]).includes(row.role);
}

/**
 * Marks the answer to a request that asked for a preview as private, whoever asked: the same URL may carry a draft
 * for an editor, so no shared cache may keep any answer to it.
 */
export function markPreviewAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (asksForPreview(request.query)) reply.header('cache-control', PREVIEW_CACHE_CONTROL);
}

/** The `preview` field of a preview answer: the content's status now, and whether it shows pending changes. */
export function previewOf(publication: Publication, now: Date, pendingChanges = false): ContentPreview {
  return { status: contentStatus(publication, now), published_at: publication.publishedAt?.toISOString() ?? null, pending_changes: pendingChanges };
}
