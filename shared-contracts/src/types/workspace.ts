/**
 * The editors' workspace (issue 23) under /editor/…: one overview of all content, status and scheduling, revisions,
 * edit conflicts (409), the audit log, staff accounts, blog categories and poll results. Wire shapes (snake_case).
 */
import type { IsoDateTime, PageMeta } from './common.js';

/** The four kinds of content the workspace lists; `key` is the id (posts, polls) or name/slug (layouts, pages). */
export type ContentType = 'blog-post' | 'poll' | 'home-layout' | 'page';

/** draft: never on the site; scheduled: goes live at `published_at`; published: live; unpublished: taken off or ended. */
export type ContentStatus = 'draft' | 'scheduled' | 'published' | 'unpublished';

/**
 * What a public read adds when it answers a preview (`?forhandsvisning=1` from an editor's session): the content's
 * status, so the page can say it is not what shoppers see. Never present in an answer to anyone else.
 */
export interface ContentPreview {
  status: ContentStatus;
  /** When it goes (or went) live; null for drafts and unpublished content. */
  published_at: IsoDateTime | null;
  /** The answer shows saved changes to live content that shoppers do not see yet. */
  pending_changes: boolean;
}

/** One row of GET /editor/content. */
export interface ContentSummary {
  type: ContentType;
  key: string;
  title: string;
  status: ContentStatus;
  /** When it goes (or went) live; null for drafts and unpublished content. */
  published_at: IsoDateTime | null;
  /** Home layouts: when a scheduled layout ends. */
  publish_until: IsoDateTime | null;
  updated_at: IsoDateTime;
  /** The staff member who saved last; null when unknown (seeded content). */
  updated_by: string | null;
  /** Send it back with the next save (If-Match or `version`). */
  version: number;
  /** Live content with saved changes shoppers do not see yet (posts and copy pages; see BlogPostInput.pending). */
  pending_changes: boolean;
}

/** GET /editor/content?type=&status=&q=&page= */
export interface ContentQuery {
  type?: ContentType;
  status?: ContentStatus;
  /** Searches title and key (slug, name). */
  q?: string;
  page?: number;
}

export interface ContentPage {
  data: ContentSummary[];
  meta: PageMeta;
}

/** GET /editor/content/{type}/{key}: the summary and the editor's view (EditorBlogPost, EditorPoll, …). */
export interface ContentItem extends ContentSummary {
  content: unknown;
}

/**
 * POST /editor/content/{type}/{key}/status. `at` (required to schedule) and `until` (home layouts) are ISO instants;
 * the UI shows them in Europe/Oslo.
 */
export interface ContentStatusInput {
  action: 'publish' | 'schedule' | 'unpublish';
  at?: IsoDateTime;
  until?: IsoDateTime | null;
  version: number;
}

/** POST /editor/content/{type}/{key}/discard: drops the pending changes of live content, based on `version`. */
export interface DiscardChangesInput {
  version: number;
}

/** One entry of GET /editor/content/{type}/{key}/revisions (newest first). */
export interface ContentRevisionSummary {
  number: number;
  author: string | null;
  created_at: IsoDateTime;
}

/** GET /editor/content/{type}/{key}/revisions/{n}: the full snapshot as it was saved. */
export interface ContentRevision extends ContentRevisionSummary {
  snapshot: unknown;
}

/** POST …/revisions/{n}/restore: the version the restore is based on. */
export interface RestoreRevisionInput {
  version: number;
}

/**
 * The 409 answer of a stale save: a Norwegian message naming who changed it and when, and the current version and
 * snapshot so the UI can show both.
 */
export interface EditConflict {
  message: string;
  current_version: number;
  changed_by: string | null;
  changed_at: IsoDateTime;
  current: unknown;
}

/** GET /editor/audit (admins): who did what, when. */
export interface AuditEntry {
  id: number;
  actor_id: number | null;
  actor_name: string;
  entity_type: string;
  entity_key: string;
  action: string;
  detail: Record<string, unknown>;
  created_at: IsoDateTime;
}

export interface AuditQuery {
  entity?: string;
  actor?: number;
  page?: number;
}

export interface AuditPage {
  data: AuditEntry[];
  meta: PageMeta;
}

/**
 * GET /editor/staff (admins): staff accounts, and accounts with an open invitation. `invited`: has not chosen a
 * password yet, or has an invitation not yet accepted; `invited_role`: the role that invitation grants on
 * acceptance (an existing customer invited keeps the role 'customer' until then).
 */
export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: string;
  active: boolean;
  invited: boolean;
  invited_role: 'staff' | 'admin' | null;
}

/**
 * POST /editor/staff/invites: creates the account (or, for an existing account, changes nothing yet) and e-mails a
 * link to choose a password; the role applies when the link is used.
 */
export interface StaffInviteInput {
  email: string;
  first_name: string;
  last_name: string;
  role: 'staff' | 'admin';
}

/** PUT /editor/staff/{id}: change the role, deactivate (active: false ends every session at once) or reactivate. */
export interface StaffAccountUpdate {
  role?: 'staff' | 'admin';
  active?: boolean;
}

/** POST /staff-invites/accept (no login): the token from the e-mail and the new password. */
export interface AcceptStaffInviteInput {
  token: string;
  password: string;
}

/** POST/PUT /editor/blog/categories… */
export interface BlogCategoryInput {
  name: string;
  slug?: string;
}

/** DELETE /editor/blog/categories/{id}?move_to={id}: its posts move to `move_to` first. */
export interface EditorBlogCategory {
  id: number;
  slug: string;
  name: string;
  posts_count: number;
}

/** GET /editor/polls/{id}/results: counts per option; a quiz marks correct options. */
export interface PollResults {
  poll_id: number;
  participants: number;
  questions: Array<{
    question_id: number;
    text: string;
    total: number;
    options: Array<{ option_id: number; text: string; correct: boolean; count: number }>;
  }>;
}
