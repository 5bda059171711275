/**
 * What shoppers see, as query conditions: a piece of content is on the site once its publication instant has come
 * (`published_at <= now`), so a scheduled one goes live at its time with no job running; a home layout is live
 * between its optional from/until, and a scheduled (campaign) layout goes ahead of the unscheduled one.
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { homeLayouts } from '../db/schema.js';

/** Advisory lock key serializing home layout saves and status changes (any constant unique in this app; the seed uses its own). */
export const HOME_LAYOUTS_LOCK = 0x686f6d65; // "home"

export const publishedBy = (publishedAt: AnyColumn, now: Date): SQL => and(isNotNull(publishedAt), lte(publishedAt, now))!;

export const liveHomeLayout = (now: Date): SQL =>
  and(
    eq(homeLayouts.published, true),
    or(isNull(homeLayouts.publishFrom), lte(homeLayouts.publishFrom, now)),
    or(isNull(homeLayouts.publishUntil), gt(homeLayouts.publishUntil, now)),
  )!;

/** A running campaign layout first (the latest start), then the newest unscheduled one. */
export const liveHomeLayoutOrder = [asc(sql`${homeLayouts.publishFrom} is null`), desc(homeLayouts.publishFrom), desc(homeLayouts.updatedAt)];
