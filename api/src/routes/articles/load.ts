/**
 * Loading articles in the RAW shapes of @shop/contracts. Listings carry aggregates over the variants (colours,
 * colour groups, shops, availability, active campaigns, rating), computed here in a fixed number of queries for a
 * whole page of ids — never one query per article.
 */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { RawArticle, RawArticleCampaign, RawArticleDetail, RawColor, RawReview, RawVariant } from '@shop/contracts/types';
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

/** RAW listing articles for the given ids, in the order of `ids` (unknown ids are skipped). */
export async function loadArticles(db: Db, ids: readonly number[], now: Date = new Date()): Promise<RawArticle[]> {
  if (ids.length === 0) return [];
  const idList = [...new Set(ids)];

  const [base, colourRows, shopRows, campaignRows] = await Promise.all([
    db
      .select({
        article: articles,
        productLineName: productLines.name,
        mainGroupName: mainGroups.name,
        group2Name: articleGroups2.name,
        group3Name: articleGroups3.name,
        genderName: genders.name,
        qtyRank: bestsellers.qtyRank,
        turnoverRank: bestsellers.turnoverRank,
        // A correlated subquery (index on reviews.reviewable_id) instead of another round trip.
        averageRating: sql<number | null>`(select avg(r.rating)::float8 from ${reviews} r where r.reviewable_id = ${articles.id} and r.approved)`,
      })
      .from(articles)
      .innerJoin(mainGroups, eq(mainGroups.id, articles.mainGroupId))
      .innerJoin(articleGroups2, eq(articleGroups2.id, articles.group2Id))
      .innerJoin(articleGroups3, eq(articleGroups3.id, articles.group3Id))
      .leftJoin(productLines, eq(productLines.id, articles.productLineId))
      .leftJoin(genders, eq(genders.id, articles.genderId))
      .leftJoin(bestsellers, eq(bestsellers.articleId, articles.id))
      .where(inArray(articles.id, idList)),
    db
      .select({
        articleId: variants.articleId,
        colorId: colors.id,
        name: colors.name,
        hex: colors.hex,
        colorCode: colors.colorCode,
        colorGroupId: colors.colorGroupId,
      })
      .from(variants)
      .innerJoin(colors, eq(colors.id, variants.colorId))
      .where(inArray(variants.articleId, idList))
      .orderBy(asc(variants.articleId), asc(variants.id)),
    loadShopAggregates(db, idList),
    loadActiveCampaigns(db, idList, now),
  ]);

  const coloursOf = byId(colourRows, (r) => r.articleId);
  const shopsOf = byId(shopRows, (r) => r.articleId);
  const campaignsOf = byId(campaignRows, (r) => r.ArticleID);

  const result = new Map<number, RawArticle>();
  for (const row of base) {
    const a = row.article;
    const colourList = coloursOf.get(a.id) ?? [];
    const distinctColours = new Map<number, RawColor>();
    const groupIds = new Set<number>();
    for (const c of colourList) {
      if (!distinctColours.has(c.colorId)) {
        distinctColours.set(c.colorId, { ColorID: c.colorId, Name: c.name, Hex: c.hex, ColorCode: c.colorCode });
      }
      if (c.colorGroupId !== null) groupIds.add(c.colorGroupId);
    }
    const shopList = shopsOf.get(a.id) ?? [];
    const rating = row.averageRating;
    result.set(a.id, {
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
      Image: articleImageUrl(a.group3Id, colourList[0]?.hex ?? NEUTRAL_HEX),
      Colors: [...distinctColours.values()],
      ColorGroupIDs: [...groupIds].sort((x, y) => x - y),
      ShopIDs: shopList.map((s) => s.shopId),
      AvailableShopIDs: shopList.filter((s) => s.qty > 0).map((s) => s.shopId),
      Campaigns: campaignsOf.get(a.id) ?? [],
    });
  }
  return ids.map((id) => result.get(id)).filter((a): a is RawArticle => a !== undefined);
}

/**
 * Per article and shop: the highest stock of any variant (0 = listed but sold out). The LATERAL with OFFSET 0 keeps the
 * planner from turning this into a scan of the whole stock table (a hash join it prefers on PGlite; measured 2× slower
 * at 1 500 articles, and worse as the catalogue grows): it walks variants by article, then stock by its primary key.
 */
async function loadShopAggregates(db: Db, ids: number[]): Promise<Array<{ articleId: number; shopId: number; qty: number }>> {
  const result = await db.execute<{ article_id: number; shop_id: number; qty: number }>(sql`
    select v.article_id, s.shop_id, max(s.qty)::int as qty
    from ${variants} v
    cross join lateral (select shop_id, qty from ${stock} where variant_id = v.id offset 0) s
    where v.article_id in ${ids}
    group by v.article_id, s.shop_id
    order by v.article_id, s.shop_id`);
  return result.rows.map((r) => ({ articleId: r.article_id, shopId: r.shop_id, qty: r.qty }));
}

/** Campaign prices of the given articles in campaigns running at `now`, cheapest first. */
export async function loadActiveCampaigns(db: Db, ids: readonly number[], now: Date): Promise<RawArticleCampaign[]> {
  const rows = await db
    .select({
      CampaignArticleID: campaignArticles.id,
      CampaignID: campaignArticles.campaignId,
      ArticleID: campaignArticles.articleId,
      Price: campaignArticles.price,
      LabelType: campaigns.labelType,
      labelData: campaigns.labelData,
    })
    .from(campaignArticles)
    .innerJoin(campaigns, eq(campaigns.id, campaignArticles.campaignId))
    .where(
      and(
        inArray(campaignArticles.articleId, [...ids]),
        lte(campaigns.startsAt, now),
        gt(campaigns.endsAt, now),
      ),
    )
    .orderBy(asc(campaignArticles.price), asc(campaignArticles.id));
  // The legacy API sends LabelData as a JSON string; the column is jsonb.
  return rows.map(({ labelData, ...rest }) => ({
    ...rest,
    LabelData: labelData === null || labelData === undefined ? null : JSON.stringify(labelData),
  }));
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
      Shops: (stockOf.get(v.id) ?? []).map((s) => ({ ShopID: s.shopId, Qty: s.qty })),
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
