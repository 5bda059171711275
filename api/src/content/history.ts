/**
 * The content workspace's records, written in the transaction of the save they belong to: the version claim (one
 * conditional UPDATE, so of two saves based on the same version exactly one wins), the revision (a full snapshot),
 * and the audit log entry.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../accounts/mail.js';
import { auditLog, blogPosts, contentRevisions, customers, homeLayouts, polls, staticPages } from '../db/schema.js';
import { HttpError } from '../server/errors.js';
import { conflictMessage, type ContentType } from './versions.js';
import { EDITOR_ERRORS } from './texts.js';

/** Who acts: the logged-in staff member (guard.ts). */
export interface Actor {
  id: number;
  name: string;
}

/** The tables of the four kinds of content, keyed the way the workspace addresses them. */
export const CONTENT_TABLES = {
  'blog-post': { table: blogPosts, key: blogPosts.id, notFound: EDITOR_ERRORS.postNotFound, numericKey: true },
  poll: { table: polls, key: polls.id, notFound: EDITOR_ERRORS.pollNotFound, numericKey: true },
  'home-layout': { table: homeLayouts, key: homeLayouts.name, notFound: EDITOR_ERRORS.layoutNotFound, numericKey: false },
  page: { table: staticPages, key: staticPages.slug, notFound: EDITOR_ERRORS.pageNotFound, numericKey: false },
} as const;

/** The key as its column holds it: an id for posts and polls (null when the text is no id), else the text. */
export function keyValue(type: ContentType, key: string): number | string | null {
  if (!CONTENT_TABLES[type].numericKey) return key;
  return /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647 ? Number(key) : null;
}

/** What a 409 carries besides the message: the current version, who saved it and when, and its snapshot. */
export interface ConflictDetail {
  current_version: number;
  changed_by: string | null;
  changed_at: string;
  current: unknown;
}

/** The current version row of one piece of content, or null when it does not exist. */
export async function currentVersion(
  db: DbExecutor,
  type: ContentType,
  key: string,
): Promise<{ version: number; updatedAt: Date; updatedBy: string | null } | null> {
  const { table, key: keyColumn } = CONTENT_TABLES[type];
  const value = keyValue(type, key);
  if (value === null) return null;
  const rows = await db.execute<{ version: number; updated_at: string | Date; updated_by: string | null }>(sql`
    select t.version, t.updated_at, nullif(trim(c.first_name || ' ' || c.last_name), '') as updated_by
    from ${table} t left join ${customers} c on c.id = t.updated_by
    where t.${sql.identifier(keyColumn.name)} = ${value}`);
  const row = rows.rows[0];
  return row ? { version: Number(row.version), updatedAt: new Date(row.updated_at), updatedBy: row.updated_by } : null;
}

/**
 * Claims the next version of an existing piece of content for this save: UPDATE … WHERE version = expected. Under
 * PostgreSQL's read committed a second save with the same version waits for the first, then finds the version moved
 * on and updates nothing; it answers 409 naming who changed it and when. No version given: 428 (never a silent
 * overwrite); unknown content: 404 (before anything about the version).
 */
export async function claimVersion(
  tx: DbExecutor,
  type: ContentType,
  key: string,
  expected: number | null,
  actor: Actor,
  now: Date,
  snapshotOf: (tx: DbExecutor) => Promise<unknown>,
): Promise<number> {
  const { table, key: keyColumn, notFound } = CONTENT_TABLES[type];
  const value = keyValue(type, key);
  if (value === null) throw new HttpError(404, notFound);
  if (expected === null) {
    if (!(await currentVersion(tx, type, key))) throw new HttpError(404, notFound);
    throw new HttpError(428, EDITOR_ERRORS.versionRequired);
  }
  const claimed = await tx.execute<{ version: number }>(sql`
    update ${table} set version = version + 1, updated_at = ${now}, updated_by = ${actor.id}
    where ${sql.identifier(keyColumn.name)} = ${value} and version = ${expected}
    returning version`);
  const row = claimed.rows[0];
  if (row) return Number(row.version);
  const current = await currentVersion(tx, type, key);
  if (!current) throw new HttpError(404, notFound);
  const detail: ConflictDetail = {
    current_version: current.version,
    changed_by: current.updatedBy,
    changed_at: current.updatedAt.toISOString(),
    current: await snapshotOf(tx),
  };
  throw new HttpError(409, conflictMessage(type, current.updatedBy, current.updatedAt), undefined, detail as unknown as Record<string, unknown>);
}

/** Marks a new piece of content as the actor's version 1 (its row was inserted with the defaults). */
export async function markCreated(tx: DbExecutor, type: ContentType, key: string, actor: Actor, now: Date): Promise<void> {
  const { table, key: keyColumn } = CONTENT_TABLES[type];
  await tx.execute(sql`update ${table} set version = 1, updated_at = ${now}, updated_by = ${actor.id} where ${sql.identifier(keyColumn.name)} = ${keyValue(type, key)}`);
}

/** Stores revision `number` (= the version the save made) with its full snapshot. */
export async function recordRevision(tx: DbExecutor, type: ContentType, key: string, number: number, snapshot: unknown, actor: Actor, now: Date): Promise<void> {
  await tx.insert(contentRevisions).values({ entityType: type, entityKey: key, number, snapshot, authorId: actor.id, createdAt: now });
}

export type AuditEntityType = ContentType | 'blog-category' | 'staff';

/** One line in the audit log: who did what to which entity. */
export async function recordAudit(
  tx: DbExecutor,
  actor: Actor,
  entityType: AuditEntityType,
  entityKey: string,
  action: string,
  detail: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  await tx.insert(auditLog).values({ actorId: actor.id, actorName: actor.name, entityType, entityKey, action, detail, createdAt: now });
}

/** The snapshot of revision `number`, or null. */
export async function loadRevision(db: DbExecutor, type: ContentType, key: string, number: number) {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, type), eq(contentRevisions.entityKey, key), eq(contentRevisions.number, number)));
  return row ?? null;
}
