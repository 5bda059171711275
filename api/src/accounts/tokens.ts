/**
 * Single-use, expiring tokens (e-mail verification, password reset, e-mail change). The raw token goes into the e-mail
 * only; the table keeps its SHA-256, so a leaked table cannot be used to verify, reset or change anything.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import type { DbExecutor } from './mail.js';
import { customerTokens } from '../db/schema.js';

/** 'email-change' confirms a new address (customer_tokens.new_email) before it replaces the account's e-mail. */
/** 'staff-invite': an admin's invitation; using it sets the new staff member's password. */
export type TokenKind = 'verify' | 'reset' | 'email-change' | 'staff-invite';

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  'email-change': 24 * 60 * 60 * 1000,
  'staff-invite': 7 * 24 * 60 * 60 * 1000,
};

export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/**
 * Issues a new token; older unused tokens of the same kind stop working (only the latest link is valid, so a second
 * e-mail change supersedes the first). `newEmail`: the address an 'email-change' token confirms; `role`: the role a
 * 'staff-invite' token grants when it is used.
 * Pass a transaction to issue it together with other writes (a savepoint then keeps the two statements together).
 */
export async function issueToken(
  db: DbExecutor,
  customerId: number,
  kind: TokenKind,
  { now = new Date(), newEmail = null, role = null }: { now?: Date; newEmail?: string | null; role?: string | null } = {},
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await revokeTokens(tx, customerId, kind, now);
    await tx.insert(customerTokens).values({
      customerId,
      kind,
      tokenHash: hashToken(raw),
      newEmail,
      role,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
      createdAt: now,
    });
  });
  return raw;
}

/**
 * Uses a token up: one UPDATE … RETURNING, so two concurrent uses cannot both succeed.
 * Returns the customer id, or null when the token is unknown, of another kind, expired or used.
 */
export async function consumeToken(db: Db, kind: TokenKind, raw: string, now = new Date()): Promise<number | null> {
  return (await consumeTokenOf(db, [kind], raw, now))?.customerId ?? null;
}

export interface ConsumedToken {
  customerId: number;
  kind: TokenKind;
  /** The address an 'email-change' token confirms; null for the other kinds. */
  newEmail: string | null;
  /** The role a 'staff-invite' token grants; null for the other kinds. */
  role: string | null;
}

/**
 * Uses up a token of any of `kinds` (the e-mail link serves both 'verify' and 'email-change'). Pass a transaction to
 * undo the use when what the token is for fails (an address taken meanwhile).
 */
export async function consumeTokenOf(db: DbExecutor, kinds: readonly TokenKind[], raw: string, now = new Date()): Promise<ConsumedToken | null> {
  if (!raw || raw.length > 200) return null;
  const [row] = await db
    .update(customerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(raw)),
        inArray(customerTokens.kind, [...kinds]),
        isNull(customerTokens.usedAt),
        gt(customerTokens.expiresAt, now),
      ),
    )
    .returning({ customerId: customerTokens.customerId, kind: customerTokens.kind, newEmail: customerTokens.newEmail, role: customerTokens.role });
  return row ? { customerId: row.customerId, kind: row.kind as TokenKind, newEmail: row.newEmail, role: row.role } : null;
}

/** Ends a customer's unused tokens of one kind (a 'verify' link must not confirm an address it was not sent to). */
export async function revokeTokens(db: DbExecutor, customerId: number, kind: TokenKind, now = new Date()): Promise<void> {
  await db
    .update(customerTokens)
    .set({ usedAt: now })
    .where(and(eq(customerTokens.customerId, customerId), eq(customerTokens.kind, kind), isNull(customerTokens.usedAt)));
}
