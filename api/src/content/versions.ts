/**
 * Rules of the editors' workspace free of the database: the version a save is based on (If-Match), the 409 message
 * when someone else saved first, a piece of content's status, and what publish/schedule/unpublish set.
 */
import type { ContentStatus, ContentType } from '@shop/contracts/types';
import { CONTENT_NOUNS, EDITOR_ERRORS } from './texts.js';

export type { ContentStatus, ContentType } from '@shop/contracts/types';

export type VersionHeader = { ok: true; version: number | null } | { ok: false; message: string };

/**
 * The version an If-Match header names: `"3"`, `W/"3"` or a bare `3` (a weak tag means the same here: the version is
 * the whole of what is compared). Absent: null (the caller decides whether that is allowed).
 */
export function parseIfMatch(header: string | string[] | undefined): VersionHeader {
  if (header === undefined) return { ok: true, version: null };
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  const match = /^(?:W\/)?"?([1-9]\d{0,8})"?$/.exec(raw);
  if (!match) return { ok: false, message: EDITOR_ERRORS.badVersion };
  return { ok: true, version: Number(match[1]) };
}

export const versionTag = (version: number) => `"${version}"`;

const osloTime = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });
const osloDate = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** "Innlegget er endret av Kari Nordmann kl. 14:03 (27.11.2026) …", in Oslo time whatever the server's zone. */
export function conflictMessage(type: ContentType, changedBy: string | null, changedAt: Date): string {
  const who = changedBy?.trim() || 'noen andre';
  return `${CONTENT_NOUNS[type]} er endret av ${who} kl. ${osloTime.format(changedAt)} (${osloDate.format(changedAt)}) etter at du åpnet det. Se over endringene før du lagrer igjen.`;
}

export interface Publication {
  /** Shown from this instant; null: not on the site. */
  publishedAt: Date | null;
  /** Set once an editor took it off the site. */
  unpublishedAt: Date | null;
  /** Home layouts only: shown until this instant. */
  publishUntil?: Date | null;
}

/** draft: never on the site; scheduled: goes live later; published: on the site now; unpublished: taken off (or ended). */
export function contentStatus(p: Publication, now: Date): ContentStatus {
  if (p.publishedAt === null) return p.unpublishedAt ? 'unpublished' : 'draft';
  if (p.publishedAt.getTime() > now.getTime()) return 'scheduled';
  if (p.publishUntil && p.publishUntil.getTime() <= now.getTime()) return 'unpublished';
  return 'published';
}

export type StatusAction = { action: 'publish' } | { action: 'schedule'; at: Date; until?: Date | null } | { action: 'unpublish' };

export type StatusPlan = { ok: true; publication: Required<Publication> } | { ok: false; field: string; message: string };

/**
 * What a status change writes. Publishing keeps an earlier publication instant (a re-published post keeps its place
 * in the list); scheduling needs an instant ahead of now; only home layouts take an end (`until`).
 */
export function planStatus(type: ContentType, change: StatusAction, current: Publication, now: Date): StatusPlan {
  switch (change.action) {
    case 'publish': {
      const earlier = current.publishedAt && current.publishedAt.getTime() <= now.getTime() ? current.publishedAt : now;
      return { ok: true, publication: { publishedAt: earlier, unpublishedAt: null, publishUntil: null } };
    }
    case 'schedule': {
      if (change.at.getTime() <= now.getTime()) return { ok: false, field: 'at', message: EDITOR_ERRORS.scheduleInPast };
      const until = change.until ?? null;
      if (until && type !== 'home-layout') return { ok: false, field: 'until', message: EDITOR_ERRORS.untilOnlyLayouts };
      if (until && until.getTime() <= change.at.getTime()) return { ok: false, field: 'until', message: EDITOR_ERRORS.untilBeforeFrom };
      return { ok: true, publication: { publishedAt: change.at, unpublishedAt: null, publishUntil: until } };
    }
    case 'unpublish':
      return { ok: true, publication: { publishedAt: null, unpublishedAt: now, publishUntil: null } };
  }
}
