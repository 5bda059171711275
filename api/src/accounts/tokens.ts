/**
 * Single-use, expiring tokens (e-mail verification, password reset). The raw token goes into the e-mail only; the
 * table keeps its SHA-256, so a leaked table cannot be used to verify or reset anything.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import type { DbExecutor } from './mail.js';
import { customerTokens } from '../db/schema.js';

export type TokenKind = 'verify' | 'reset';

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/**
 * Issues a new token; older unused tokens of the same kind stop working (only the latest link is valid).
 * Pass a transaction to issue it together with other writes (a savepoint then keeps the two statements together).
 */
export async function issueToken(db: DbExecutor, customerId: number, kind: TokenKind, now = new Date()): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(customerTokens)
      .set({ usedAt: now })
      .where(and(eq(customerTokens.customerId, customerId), eq(customerTokens.kind, kind), isNull(customerTokens.usedAt)));
    await tx.insert(customerTokens).values({
      customerId,
      kind,
      tokenHash: hashToken(raw),
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
  if (!raw || raw.length > 200) return null;
  const [row] = await db
    .update(customerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(raw)),
        eq(customerTokens.kind, kind),
        isNull(customerTokens.usedAt),
        gt(customerTokens.expiresAt, now),
      ),
    )
    .returning({ customerId: customerTokens.customerId });
  return row?.customerId ?? null;
}
