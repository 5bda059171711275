/**
 * Schema building blocks shared by the route folders. Every response schema mirrors a RAW type of
 * @shop/contracts; `assertSameShape` makes `tsc` fail when the two drift apart (one place for each fact: the
 * contract is the truth, the schema documents and serializes it).
 */
import { Type, type TSchema } from 'typebox';
import type { Flag } from '@shop/contracts/types';

/** Compile-time check that a schema's Static type and a contract type accept exactly the same values. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export function assertSameShape<T extends true>(): void {}

/** Legacy 0/1 flag. */
export const FlagSchema = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const flag = (value: boolean): Flag => (value ? 1 : 0);

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IsoDateTime = Type.String({ format: 'date-time' });

export const PageMetaSchema = Type.Object({
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});

/** PostgreSQL `integer` (int4): every id column. Larger numbers from a client are refused (400/422), not a 500. */
export const INT4_MAX = 2_147_483_647;

/** A database id in a request: 1…INT4_MAX (or from `minimum`, e.g. 0 where 0 means "none"). */
export const DbId = (options: { minimum?: number; description?: string } = {}) => Type.Integer({ minimum: 1, maximum: INT4_MAX, ...options });

export const MessageSchema = Type.Object({ message: Type.String() });

/** Error answers documented on every route (the body shape is server/errors.ts ErrorBody). */
export const errorResponses = {
  400: Type.Ref('ErrorBody'),
  404: Type.Ref('ErrorBody'),
} as const;
