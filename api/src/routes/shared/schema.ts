/**
 * Schema building blocks shared by the route folders. Every response schema mirrors a RAW type of
 * @shop/contracts; `assertSameShape` makes `tsc` fail when the two drift apart (one place for each fact: the
 * contract is the truth, the schema documents and serializes it).
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { ContentPreview, Flag } from '@shop/contracts/types';
import { PREVIEW_PARAM } from '@shop/contracts/routes';

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

/** The `preview` field of a public content read answered to an editor with ?forhandsvisning=1 (content/preview.ts). */
export const ContentPreviewSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('published'), Type.Literal('unpublished')]),
    published_at: Nullable(Type.String()),
    pending_changes: Type.Boolean({ description: 'The answer shows saved changes to live content that shoppers do not see yet' }),
  },
  { description: "Only in a preview answer to an editor's session: the content's status" },
);
assertSameShape<SameShape<Static<typeof ContentPreviewSchema>, ContentPreview>>();

/** The query of a public content read that has a preview: `?forhandsvisning=1` (only 1 asks; staff only, content/preview.ts). */
export const PreviewQuery = Type.Object({
  [PREVIEW_PARAM]: Type.Optional(Type.String({ maxLength: 20, description: "1: the latest saved version, any status — answered to an editor's session only" })),
});
