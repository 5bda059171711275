/**
 * Loading articles in the RAW shapes of @shop/contracts. Listings carry aggregates over the variants (colours,
 * colour groups, shops, availability, active campaigns, rating), computed here in a fixed number of queries for a
 * whole page of ids — never one query per article.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RawArticle, RawArticleDetail, RawColor, RawReview, RawVariant } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import {
  articleGroups2,
  articleGroups3,
  articles,
  bestsellers,
  campaignArticles,
  campaigns,
  colors,
  customers,
  genders,
  mainGroups,
  productLines,
  reviews,
  sizes,
  stock,
  variants,
} from '../../db/schema.js';
import { compareVariantShops } from '../../checkout/rules.js';
import { articleImageUrl } from '../images/urls.js';
import { flag } from '../shared/schema.js';

/** Image colour of an article without variants (an import can create one before its variants arrive). */
export const NEUTRAL_HEX = '#9aa5a0';

const byId = <T>(rows: T[], key: (row: T) => number) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A variant's colour as the listing query aggregates it: [ColorID, Name, Hex, ColorCode, ColorGroupID]. */
type ColourTuple = [number, string, string, string, number | null];
/** Per shop, the highest stock of any of the article's variants: [ShopID, Qty] (Qty 0 = listed but sold out). */
type ShopTuple = [number, number];
/** A running campaign price: [CampaignArticleID, CampaignID, Price, LabelType, LabelData (jsonb)]. */
type CampaignTuple = [number, number, number, string | null, unknown];

/**
 * The listing query for a set of ids. ONE round trip: the per-article aggregates (colours, shops, running campaigns,
 * rating) are correlated subqueries that json-aggregate a handful of rows each, walking the foreign-key indexes from
 * the page's ids. Four queries used to do this; on the embedded database they queued on its single connection, and
 * on PostgreSQL each cost a pool checkout, a round trip and drizzle's query building. Compact arrays instead of
 * objects keep the JSON the driver parses small. Prepared (named, built once per database handle): the ids are one
 * array parameter, so every page size shares one statement that PostgreSQL parses and plans once per connection.
 */
/**
 * The article columns a listing shows: not the detail page's long texts (tech description, nutrients, wash and care
 * labels: ~450 characters a row) nor timestamps, which the driver would decode and drizzle map for nothing.
 */
const listingColumns = {
  id: articles.id,
  articleNo: articles.articleNo,
  name: articles.name,
  slug: articles.slug,
  description: articles.description,
  price: articles.price,
  pant: articles.pant,
  frightPrice: articles.frightPrice,
  productLineId: articles.productLineId,
  mainGroupId: articles.mainGroupId,
  group2Id: articles.group2Id,
  group3Id: articles.group3Id,
  genderId: articles.genderId,
  purchasableOnWeb: articles.purchasableOnWeb,
  visibleOnWeb: articles.visibleOnWeb,
  featured: articles.featured,
  webLabel: articles.webLabel,
  webPurchaseLimit: articles.webPurchaseLimit,
  onlyCC: articles.onlyCC,
  season: articles.season,
};
type ListingArticle = { [K in keyof typeof listingColumns]: (typeof articles.$inferSelect)[K] };

function listingStatement(db: Db) {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  return db
    .select({
      article: listingColumns,
      productLineName: productLines.name,
      mainGroupName: mainGroups.name,
      group2Name: articleGroups2.name,
      group3Name: articleGroups3.name,
      genderName: genders.name,
      qtyRank: bestsellers.qtyRank,
      turnoverRank: bestsellers.turnoverRank,
      averageRating: sql<number | null>`(select avg(r.rating)::float8 from ${reviews} r where r.reviewable_id = ${articles.id} and r.approved)`,
      // In variant order: the first variant's colour picks the image.
      colours: sql<ColourTuple[]>`(select coalesce(json_agg(json_build_array(c.id, c.name, c.hex, c.color_code, c.color_group_id) order by v.id), '[]')
        from ${variants} v join ${colors} c on c.id = v.color_id where v.article_id = ${articles.id})`,
      // The LATERAL with OFFSET 0 walks stock by its primary key per variant (a hash join over the whole stock table
      // is what the planner otherwise picks on PGlite: 2× slower at 1 500 articles, worse as the catalogue grows).
      // DISTINCT ON (highest qty first) rather than GROUP BY + max: a hash aggregate per article costs PGlite more to
      // set up than the ~100 stock rows it groups (6.7 → 4.1 ms for a page of 20).
      shops: sql<ShopTuple[]>`(select coalesce(json_agg(json_build_array(x.shop_id, x.qty) order by x.shop_id), '[]')
        from (select distinct on (s.shop_id) s.shop_id, s.qty
              from ${variants} v cross join lateral (select shop_id, qty from ${stock} where variant_id = v.id offset 0) s
              where v.article_id = ${articles.id}
              order by s.shop_id, s.qty desc) x)`,
      // The campaigns running at `now`, cheapest first (the search hits read them by the same rule, search/engine.ts).
      campaigns: sql<CampaignTuple[]>`(select coalesce(json_agg(json_build_array(ca.id, ca.campaign_id, ca.price, c.label_type, c.label_data) order by ca.price, ca.id), '[]')
        from ${campaignArticles} ca join ${campaigns} c on c.id = ca.campaign_id
        where ca.article_id = ${articles.id} and c.starts_at <= ${at} and c.ends_at > ${at})`,
    })
    .from(articles)
    .innerJoin(mainGroups, eq(mainGroups.id, articles.mainGroupId))
    .innerJoin(articleGroups2, eq(articleGroups2.id, articles.group2Id))
    .innerJoin(articleGroups3, eq(articleGroups3.id, articles.group3Id))
    .leftJoin(productLines, eq(productLines.id, articles.productLineId))
    .leftJoin(genders, eq(genders.id, articles.genderId))
    .leftJoin(bestsellers, eq(bestsellers.articleId, articles.id))
    .where(sql`${articles.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('listing_articles');
}
const listingStatements = new WeakMap<Db, ReturnType<typeof listingStatement>>();

/** RAW listing articles for the given ids, in the order of `ids` (unknown ids are skipped). */
export async function loadArticles(db: Db, ids: readonly number[], now: Date = new Date()): Promise<RawArticle[]> {
  if (ids.length === 0) return [];
  let statement = listingStatements.get(db);
  if (!statement) listingStatements.set(db, (statement = listingStatement(db)));
  const rows = await statement.execute({ ids: [...new Set(ids)], at: now.toISOString() });
  const result = new Map<number, RawArticle>();
  for (const row of rows) result.set(row.article.id, toRawArticle(row));
  return ids.map((id) => result.get(id)).filter((a): a is RawArticle => a !== undefined);
}

interface ListingRow {
  article: ListingArticle;
  productLineName: string | null;
  mainGroupName: string;
  group2Name: string;
  group3Name: string;
  genderName: string | null;
  qtyRank: number | null;
  turnoverRank: number | null;
  averageRating: number | null;
  colours: ColourTuple[];
  shops: ShopTuple[];
  campaigns: CampaignTuple[];
}

/** One row of the listing query in the RAW shape (pure: no database). */
export function toRawArticle(row: ListingRow): RawArticle {
  const a = row.article;
  const distinctColours = new Map<number, RawColor>();
  const groupIds = new Set<number>();
  for (const [colorId, name, hex, colorCode, colorGroupId] of row.colours) {
    if (!distinctColours.has(colorId)) distinctColours.set(colorId, { ColorID: colorId, Name: name, Hex: hex, ColorCode: colorCode });
    if (colorGroupId !== null) groupIds.add(colorGroupId);
  }
  const rating = row.averageRating;
  return {
    ArticleID: a.id,
    ArticleNo: a.articleNo,
    Name: a.name,
    Slug: a.slug,
    Description: a.description,
    SuggestedFinalPrice: a.price,
    Pant: a.pant,
    ProductLineID: a.productLineId ?? 0,
    ProductLineName: row.productLineName ?? '',
    PurchasableOnWeb: flag(a.purchasableOnWeb),
    VisibleOnWeb: flag(a.visibleOnWeb),
    Featured: flag(a.featured),
    MainGroupID: a.mainGroupId,
    MainGroupName: row.mainGroupName,
    ArticleGroup2ID: a.group2Id,
    ArticleGroup2Name: row.group2Name,
    ArticleGroup3ID: a.group3Id,
    ArticleGroup3Name: row.group3Name,
    GenderID: a.genderId ?? 0,
    GenderName: row.genderName ?? '',
    WebLabel: a.webLabel,
    WebPurchaseLimit: a.webPurchaseLimit,
    OnlyCC: flag(a.onlyCC),
    Season: a.season,
    FrightPrice: a.frightPrice,
    BestsellerQtyRank: row.qtyRank,
    BestsellerTurnoverRank: row.turnoverRank,
    AverageRating: rating === undefined || rating === null ? null : round2(Number(rating)),
    Image: articleImageUrl(a.group3Id, row.colours[0]?.[2] ?? NEUTRAL_HEX),
    Colors: [...distinctColours.values()],
    ColorGroupIDs: [...groupIds].sort((x, y) => x - y),
    ShopIDs: row.shops.map(([shopId]) => shopId),
    AvailableShopIDs: row.shops.filter(([, qty]) => qty > 0).map(([shopId]) => shopId),
    // The legacy API sends LabelData as a JSON string; the column is jsonb.
    Campaigns: row.campaigns.map(([CampaignArticleID, CampaignID, Price, LabelType, labelData]) => ({
      CampaignArticleID,
      CampaignID,
      ArticleID: a.id,
      Price,
      LabelType,
      LabelData: labelData === null || labelData === undefined ? null : JSON.stringify(labelData),
    })),
  };
}

/** Numeric → by id; anything else → by the unique slug. Invisible articles are found too (VisibleOnWeb 0). */
export async function findArticleId(db: Db, idOrSlug: string): Promise<number | null> {
  if (/^[0-9]{1,10}$/.test(idOrSlug)) {
    const id = Number(idOrSlug);
    if (id > 2_147_483_647) return null;
    const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id));
    return row?.id ?? null;
  }
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.slug, idOrSlug.toLowerCase()));
  return row?.id ?? null;
}

/**
 * An article's variants in size order with stock per shop (Qty 0 included). Shared by the article detail and
 * GET /articles/availability/{id}. (Extracted by the catalogue helper.)
 */
export async function loadVariants(db: Db, id: number, group3Id: number): Promise<RawVariant[]> {
  const [variantRows, stockRows] = await Promise.all([
    db
      .select({
        id: variants.id,
        ean: variants.ean,
        sizeId: sizes.id,
        sizeName: sizes.name,
        colorId: colors.id,
        colorName: colors.name,
        hex: colors.hex,
        colorCode: colors.colorCode,
      })
      .from(variants)
      .leftJoin(sizes, eq(sizes.id, variants.sizeId))
      .leftJoin(colors, eq(colors.id, variants.colorId))
      .where(eq(variants.articleId, id))
      .orderBy(asc(sizes.sort), asc(variants.id)),
    db
      .select({ variantId: stock.variantId, shopId: stock.shopId, qty: stock.qty })
      .from(stock)
      .innerJoin(variants, eq(variants.id, stock.variantId))
      .where(eq(variants.articleId, id))
      .orderBy(asc(stock.variantId), asc(stock.shopId)),
  ]);
  const stockOf = byId(stockRows, (r) => r.variantId);
  return variantRows.map((v) => {
    const hex = v.hex ?? NEUTRAL_HEX;
    return {
      VariantID: v.id,
      EanNo: v.ean,
      Size: { SizeID: v.sizeId ?? 0, Name: v.sizeName ?? '' },
      Color: {
        ColorID: v.colorId ?? 0,
        Name: v.colorName ?? '',
        Hex: hex,
        ColorCode: v.colorCode ?? '',
        Image: articleImageUrl(group3Id, hex),
      },
      // The first shop listed is the cart's ceiling for a line (SPEC §4): see compareVariantShops.
      Shops: [...(stockOf.get(v.id) ?? [])].sort(compareVariantShops).map((s) => ({ ShopID: s.shopId, Qty: s.qty })),
    };
  });
}

export async function loadArticleDetail(db: Db, id: number, now: Date = new Date()): Promise<RawArticleDetail | null> {
  const [summary] = await loadArticles(db, [id], now);
  if (!summary) return null;
  const [extra, Variants, reviewRows] = await Promise.all([
    db
      .select({
        techDescription: articles.techDescription,
        nutrientContent: articles.nutrientContent,
        washLabel: articles.washLabel,
        careLabel: articles.careLabel,
        dateCreated: articles.dateCreated,
      })
      .from(articles)
      .where(eq(articles.id, id)),
    loadVariants(db, id, summary.ArticleGroup3ID),
    db
      .select({
        review: reviews,
        customerId: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(reviews)
      .leftJoin(customers, eq(customers.id, reviews.customerId))
      .where(and(eq(reviews.reviewableId, id), eq(reviews.approved, true)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  ]);
  const info = extra[0]!;

  const Reviews: RawReview[] = reviewRows.map(({ review: r, customerId, firstName, lastName }) => ({
    id: r.id,
    content: r.content,
    reply: r.reply,
    // Data minimisation: anonymous reviews carry no customer at all, and others only the last name's initial
    // (all the page shows: "Kari N.").
    customer:
      r.anonymous || customerId === null
        ? null
        : { id: customerId, first_name: firstName ?? '', last_name: (lastName ?? '').trim().charAt(0) },
    rating: r.rating,
    approved: flag(r.approved),
    created_at: r.createdAt.toISOString(),
    reviewable_id: r.reviewableId,
    reviewable_type: r.reviewableType,
    true_to_size: r.trueToSize,
    size_color: r.sizeColor,
    anonymous: flag(r.anonymous),
  }));

  return {
    ...summary,
    TechDescription: info.techDescription,
    NutrientContent: info.nutrientContent,
    WashLabel: info.washLabel,
    CareLabel: info.careLabel,
    DateCreated: info.dateCreated.toISOString(),
    Variants,
    Reviews,
  };
}
