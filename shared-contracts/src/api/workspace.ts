/**
 * The editors' workspace calls (types/workspace.ts): overview, one item, status and scheduling, revisions and
 * restore, the audit log, staff accounts, blog categories and poll results. Saves of existing content send the
 * version they were based on (the body's `version`); a stale one rejects with an ApiError 409 whose data is an
 * EditConflict (editConflictOf).
 */
import type {
  AcceptStaffInviteInput,
  AuditPage,
  AuditQuery,
  BlogCategoryInput,
  ContentItem,
  ContentPage,
  ContentQuery,
  ContentRevision,
  ContentRevisionSummary,
  ContentStatusInput,
  ContentSummary,
  ContentType,
  DiscardChangesInput,
  EditConflict,
  EditorBlogCategory,
  PollResults,
  StaffAccount,
  StaffAccountUpdate,
  StaffInviteInput,
} from '../types/workspace.js';
import { del, get, getApiBaseUrl, post, put, seg, type RequestOptions } from './client.js';
import { hasStatus } from './errors.js';

const item = (type: ContentType, key: string | number) => `/editor/content/${seg(type)}/${seg(String(key))}`;

/** GET /editor/content: one page of the overview (newest change first). */
export async function getContentOverview(query: ContentQuery = {}, opts?: RequestOptions): Promise<ContentPage> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return get<ContentPage>('/editor/content', params, opts);
}

/** GET /editor/content/{type}/{key}: the summary (with `version`) and the editor's view in `content`. */
export async function getContentItem(type: ContentType, key: string | number, opts?: RequestOptions): Promise<ContentItem> {
  return get<ContentItem>(item(type, key), undefined, opts);
}

/** POST /editor/content/{type}/{key}/status: publish now, schedule (ISO `at`, home layouts also `until`) or unpublish. */
export async function setContentStatus(type: ContentType, key: string | number, input: ContentStatusInput, opts?: RequestOptions): Promise<ContentSummary> {
  return post<ContentSummary>(`${item(type, key)}/status`, input, opts);
}

/** POST …/discard: drops the saved changes of live content that shoppers do not see yet (the published text stays). */
export async function discardPendingChanges(type: ContentType, key: string | number, version: number, opts?: RequestOptions): Promise<ContentSummary> {
  return post<ContentSummary>(`${item(type, key)}/discard`, { version } satisfies DiscardChangesInput, opts);
}

/** GET …/revisions: newest first. */
export async function getRevisions(type: ContentType, key: string | number, opts?: RequestOptions): Promise<ContentRevisionSummary[]> {
  return get<ContentRevisionSummary[]>(`${item(type, key)}/revisions`, undefined, opts);
}

/** GET …/revisions/{n}: the full snapshot (to compare with the one before). */
export async function getRevision(type: ContentType, key: string | number, n: number, opts?: RequestOptions): Promise<ContentRevision> {
  return get<ContentRevision>(`${item(type, key)}/revisions/${seg(n)}`, undefined, opts);
}

/** POST …/revisions/{n}/restore: a new revision equal to n, based on the current `version`. */
export async function restoreRevision(type: ContentType, key: string | number, n: number, version: number, opts?: RequestOptions): Promise<ContentItem> {
  return post<ContentItem>(`${item(type, key)}/revisions/${seg(n)}/restore`, { version }, opts);
}

/** The conflict a stale save was refused with (409 with the current version), or null for any other failure. */
export function editConflictOf(error: unknown): EditConflict | null {
  if (!hasStatus(error, 409)) return null;
  const data = error.data as Partial<EditConflict> | undefined;
  return data && typeof data.current_version === 'number' ? (data as EditConflict) : null;
}

/** GET /editor/audit (admins). */
export async function getAuditLog(query: AuditQuery = {}, opts?: RequestOptions): Promise<AuditPage> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return get<AuditPage>('/editor/audit', params, opts);
}

/** GET /editor/staff (admins). */
export async function getStaffAccounts(opts?: RequestOptions): Promise<StaffAccount[]> {
  return get<StaffAccount[]>('/editor/staff', undefined, opts);
}

/** POST /editor/staff/invites (admins): e-mails a link to choose a password. */
export async function inviteStaff(input: StaffInviteInput, opts?: RequestOptions): Promise<StaffAccount> {
  return post<StaffAccount>('/editor/staff/invites', input, opts);
}

/** DELETE /editor/staff/{id}/invitation (admins): the link stops working; an account the invitation made goes with it. */
export async function withdrawStaffInvite(id: number, opts?: RequestOptions): Promise<void> {
  await del<null>(`/editor/staff/${seg(id)}/invitation`, opts);
}

/** PUT /editor/staff/{id} (admins): role, or active: false to deactivate (logged out everywhere at once). */
export async function updateStaffAccount(id: number, input: StaffAccountUpdate, opts?: RequestOptions): Promise<StaffAccount> {
  return put<StaffAccount>(`/editor/staff/${seg(id)}`, input, opts);
}

/** POST /staff-invites/accept (no login): sets the password from the invitation link. */
export async function acceptStaffInvite(input: AcceptStaffInviteInput, opts?: RequestOptions): Promise<void> {
  await post<null>('/staff-invites/accept', input, opts);
}

/** GET /editor/blog/categories: with the number of posts in each, drafts too. */
export async function getEditorBlogCategories(opts?: RequestOptions): Promise<EditorBlogCategory[]> {
  return get<EditorBlogCategory[]>('/editor/blog/categories', undefined, opts);
}

export async function createBlogCategory(input: BlogCategoryInput, opts?: RequestOptions): Promise<EditorBlogCategory> {
  return post<EditorBlogCategory>('/editor/blog/categories', input, opts);
}

export async function renameBlogCategory(id: number, input: BlogCategoryInput, opts?: RequestOptions): Promise<EditorBlogCategory> {
  return put<EditorBlogCategory>(`/editor/blog/categories/${seg(id)}`, input, opts);
}

/** DELETE /editor/blog/categories/{id}?move_to=: its posts move to `moveTo` first (required when it has posts). */
export async function deleteBlogCategory(id: number, moveTo?: number, opts?: RequestOptions): Promise<void> {
  await del<null>(`/editor/blog/categories/${seg(id)}${moveTo === undefined ? '' : `?move_to=${seg(moveTo)}`}`, opts);
}

/** POST /editor/polls/{id}/open: open (true) or close a poll. */
export async function setPollOpen(id: number, open: boolean, version: number, opts?: RequestOptions): Promise<{ active: boolean; version: number }> {
  return post<{ active: boolean; version: number }>(`/editor/polls/${seg(id)}/open`, { open, version }, opts);
}

/** GET /editor/polls/{id}/results: counts per option, correct options marked. */
export async function getPollResults(id: number, opts?: RequestOptions): Promise<PollResults> {
  return get<PollResults>(`/editor/polls/${seg(id)}/results`, undefined, opts);
}

/** Where the answers' CSV downloads from (a link the browser follows with the editor's session cookie). */
export const pollAnswersCsvUrl = (id: number) => `${getApiBaseUrl()}/editor/polls/${seg(id)}/answers.csv`;
