/** A reservation's lines as people read them: with the variant's size and colour names and the article's numbers. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import type { Tx } from '../payments/operations.js';
import { articles, colors, reservationLines, sizes, variants } from '../db/schema.js';

/** The lines of these reservations, in line order (the customer's history and the shop workspace read them). */
export async function reservationLinesWithNames(db: Db | Tx, reservationIds: number[]) {
  if (!reservationIds.length) return [];
  return db
    .select({ line: reservationLines, size: sizes.name, color: colors.name, hex: colors.hex, group3Id: articles.group3Id, articleNo: articles.articleNo })
    .from(reservationLines)
    .innerJoin(variants, eq(variants.id, reservationLines.variantId))
    .innerJoin(articles, eq(articles.id, reservationLines.articleId))
    .leftJoin(sizes, eq(sizes.id, variants.sizeId))
    .leftJoin(colors, eq(colors.id, variants.colorId))
    .where(inArray(reservationLines.reservationId, reservationIds))
    .orderBy(asc(reservationLines.id));
}
