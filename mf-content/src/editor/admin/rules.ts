/**
 * The admin screens' rules as pure functions (table-driven tests in rules.test.ts): what an admin may do with an
 * account, what the forms check before sending (the API checks again and has the last word), and how the audit log
 * reads in Norwegian.
 */
import { STAFF_ROLES } from '@shop/contracts/constants';
import type { AuditEntry, EditorBlogCategory, StaffAccount, StaffInviteInput } from '@shop/contracts/types';
import { isLongEnoughPassword, MIN_PASSWORD_LENGTH } from '@shop/contracts/validation';
import { texts } from './texts.js';

export type AssignableRole = StaffInviteInput['role'];
export const ASSIGNABLE_ROLES: readonly AssignableRole[] = [STAFF_ROLES.editor, STAFF_ROLES.admin];

export const roleLabel = (role: string): string => texts.roles[role] ?? role;

export type StaffState = keyof typeof texts.staff.status;

/** Deactivated wins over invited: a deactivated account cannot accept (its invitation was withdrawn). */
export function staffState(account: StaffAccount): StaffState {
  if (!account.active) return 'deactivated';
  return account.invited ? 'invited' : 'active';
}

export interface StaffPermissions {
  changeRole: boolean;
  deactivate: boolean;
  reactivate: boolean;
  /** Withdraw the open invitation (its link stops working). */
  withdrawInvite: boolean;
}

/**
 * What the signed-in admin may do with an account. Never with their own (the API refuses it too: an admin must not
 * lock the shop out of its staff screen by accident). A customer with an open invitation is not staff until they
 * accept, so there is nothing to change yet but the invitation, which an admin can withdraw. The shop's other roles (shop staff, customer service) keep their role
 * here: it is given where their shops are set (the staff CLI), but they can be deactivated.
 */
export function staffPermissions(account: StaffAccount, selfId: number): StaffPermissions {
  if (account.id === selfId) return { changeRole: false, deactivate: false, reactivate: false, withdrawInvite: false };
  const withdrawInvite = account.invited_role !== null;
  if (account.role === 'customer') return { changeRole: false, deactivate: false, reactivate: false, withdrawInvite };
  return {
    changeRole: account.active && (ASSIGNABLE_ROLES as readonly string[]).includes(account.role),
    deactivate: account.active,
    reactivate: !account.active,
    withdrawInvite,
  };
}

export interface InviteForm {
  email: string;
  first_name: string;
  last_name: string;
  role: AssignableRole;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field → message for what is missing or malformed before sending; the input trimmed for sending. */
export function checkInvite(form: InviteForm): { errors: Partial<Record<keyof InviteForm, string>>; input: StaffInviteInput } {
  const input = { email: form.email.trim(), first_name: form.first_name.trim(), last_name: form.last_name.trim(), role: form.role };
  const errors: Partial<Record<keyof InviteForm, string>> = {};
  if (!EMAIL.test(input.email)) errors.email = texts.staff.emailInvalid;
  if (!input.first_name) errors.first_name = texts.staff.firstNameMissing;
  if (!input.last_name) errors.last_name = texts.staff.lastNameMissing;
  return { errors, input };
}

/** The shop's password rule (@shop/contracts/validation) in the invitation page's words; null when it holds. */
export function passwordProblem(password: string): string | null {
  return isLongEnoughPassword(password) ? null : texts.invite.tooShort(MIN_PASSWORD_LENGTH);
}

/** Where the posts of a category being deleted can go: every other category. */
export function moveTargets(categories: readonly EditorBlogCategory[], deleting: number): EditorBlogCategory[] {
  return categories.filter((c) => c.id !== deleting);
}

// Made on first use: the first Intl object a page makes loads locale data (see @shop/contracts format/money.ts).
let osloFormat: Intl.DateTimeFormat | undefined;

/** "27.11.2026 kl. 14:05" in Norwegian time, whatever the browser's zone (the shop and its staff are in Norway). */
export function osloDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  osloFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(osloFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}.${part.month}.${part.year} kl. ${part.hour}:${part.minute}`;
}

export const actionWords = (action: string): string => texts.actions[action] ?? action;
export const entityWords = (type: string): string => texts.entities[type] ?? type;

/** The entity types the log can be filtered by, in the order an admin thinks of them. */
export const AUDIT_ENTITIES = ['blog-post', 'poll', 'page', 'home-layout', 'blog-category', 'staff'] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The detail of one log line in words: the version a save made, a role change, a schedule, posts moved. */
export function auditDetail(entry: Pick<AuditEntry, 'entity_type' | 'action' | 'detail'>): string {
  const d = entry.detail ?? {};
  const parts: string[] = [];
  const version = num(d.version);
  if (version !== null) parts.push(texts.audit.version(version));
  const role = str(d.role);
  const from = str(d.from);
  if (role && from) parts.push(texts.audit.roleChange(roleLabel(from), roleLabel(role)));
  else if (role) parts.push(texts.audit.roleGiven(roleLabel(role)));
  const email = str(d.email);
  if (email) parts.push(email);
  if (d.removed === true) parts.push(texts.audit.accountRemoved);
  const name = str(d.name);
  if (name && entry.entity_type === 'blog-category') parts.push(`«${name}»`);
  const at = str(d.at);
  if (at) parts.push(texts.audit.scheduledAt(osloDateTime(at)));
  const until = str(d.until);
  if (until) parts.push(texts.audit.scheduledUntil(osloDateTime(until)));
  const posts = num(d.posts);
  if (posts) parts.push(texts.audit.moved(posts));
  const movedTo = num(d.moved_to);
  if (posts && movedTo !== null) parts.push(texts.audit.movedTo(String(movedTo)));
  return parts.join(', ');
}
