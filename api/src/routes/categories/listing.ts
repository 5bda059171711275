/** The category listing query: one page of visible article ids of a main group, in the requested order. */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { norwegianOrder } from '../../db/norwegian.js';
import { articles, bestsellers } from '../../db/schema.js';

/**
 * Sort keys the listing accepts. The brief's names (Price, Bestseller) and the contract's raw column names
 * (SuggestedFinalPrice, BestsellerQtyRank) are both accepted, as aliases.
 */
export const ORDER_BY_VALUES = ['Name', 'Price', 'SuggestedFinalPrice', 'DateCreated', 'Bestseller', 'BestsellerQtyRank'] as const;
export type OrderBy = (typeof ORDER_BY_VALUES)[number];
export type Direction = 'asc' | 'desc';

export interface PageRequest {
  page: number;
  perPage: number;
  orderBy: OrderBy;
  order: Direction;
}

export interface PageResult {
  ids: number[];
  total: number;
  lastPage: number;
}

/** ceil(total / perPage), at least 1 (an empty category still has page 1). */
export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** ORDER BY for a sort key; ties are broken by Norwegian name and then id so pages never overlap. */
export function orderClauses(orderBy: OrderBy, direction: Direction): SQL[] {
  const dir = direction === 'desc' ? desc : asc;
  const byName = norwegianOrder(articles.name, orderBy === 'Name' ? direction : 'asc', articles.nameSort);
  const tail = [...byName, asc(articles.id)];
  switch (orderBy) {
    case 'Name':
      return [...byName, dir(articles.id)];
    case 'Price':
    case 'SuggestedFinalPrice':
      return [dir(articles.price), ...tail];
    case 'DateCreated':
      return [dir(articles.dateCreated), ...tail];
    case 'Bestseller':
    case 'BestsellerQtyRank':
      // No bestseller row = rank 9999 (SPEC §9), as the client's default.
      return [direction === 'desc' ? sql`coalesce(${bestsellers.qtyRank}, 9999) desc` : sql`coalesce(${bestsellers.qtyRank}, 9999) asc`, ...tail];
  }
}

/** Which articles a listing shows: a main group (GET /categories/{id}/articles) or an article group 2 (subcategory). */
export type ListingScope = { mainGroupId: number } | { group2Id: number };

/**
 * The page query of one listing shape (scope kind × sort key × direction), built once per database handle and run as
 * a named prepared statement: drizzle skips building the SQL and PostgreSQL skips parsing and planning it on every
 * page (planning was about a third of the query's time). `visible_on_web` is written as a literal, not a bound
 * `= true`, so a generic plan still matches the partial listing indexes (migration 0007).
 */
function pageStatement(db: Db, scopeKind: 'mainGroupId' | 'group2Id', orderBy: OrderBy, order: Direction) {
  const [column, rawColumn] =
    scopeKind === 'mainGroupId' ? [articles.mainGroupId, sql.raw('a2.main_group_id')] : [articles.group2Id, sql.raw('a2.group2_id')];
  const scopeId = sql.placeholder('scopeId');
  return db
    .select({
      id: articles.id,
      total: sql<number>`(select count(*)::int from ${articles} a2 where ${rawColumn} = ${scopeId} and a2.visible_on_web)`,
    })
    .from(articles)
    .leftJoin(bestsellers, eq(bestsellers.articleId, articles.id))
    .where(and(eq(column, scopeId), sql`${articles.visibleOnWeb}`))
    .orderBy(...orderClauses(orderBy, order))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`listing_page_${scopeKind}_${orderBy}_${order}`);
}
type PageStatement = ReturnType<typeof pageStatement>;
const pageStatements = new WeakMap<Db, Map<string, PageStatement>>();

function cachedPageStatement(db: Db, scopeKind: 'mainGroupId' | 'group2Id', orderBy: OrderBy, order: Direction): PageStatement {
  let byShape = pageStatements.get(db);
  if (!byShape) pageStatements.set(db, (byShape = new Map()));
  const key = `${scopeKind} ${orderBy} ${order}`;
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = pageStatement(db, scopeKind, orderBy, order)));
  return statement;
}

/**
 * One round trip in the common case: the page's ids with the total as an uncorrelated scalar subquery (computed once;
 * `count(*) over ()` was 6× slower on PGlite). Only a page beyond the end (no rows to carry the total) needs a second
 * query for it.
 */
export async function listArticleIds(db: Db, scope: ListingScope, request: PageRequest): Promise<PageResult> {
  const [scopeKind, id] = 'mainGroupId' in scope ? (['mainGroupId', scope.mainGroupId] as const) : (['group2Id', scope.group2Id] as const);
  const rows = await cachedPageStatement(db, scopeKind, request.orderBy, request.order).execute({
    scopeId: id,
    limit: request.perPage,
    offset: (request.page - 1) * request.perPage,
  });
  let total = rows[0]?.total;
  if (total === undefined) {
    const column = scopeKind === 'mainGroupId' ? articles.mainGroupId : articles.group2Id;
    const [countRow] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(and(eq(column, id), eq(articles.visibleOnWeb, true)));
    total = countRow?.total ?? 0;
  }
  return { ids: rows.map((r) => r.id), total, lastPage: lastPageOf(total, request.perPage) };
}

/** One page of a main group's visible article ids. */
export function listCategoryArticleIds(db: Db, mainGroupId: number, request: PageRequest): Promise<PageResult> {
  return listArticleIds(db, { mainGroupId }, request);
}
