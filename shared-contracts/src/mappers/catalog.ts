/** RAW → WEB mapping of catalogue entities (SPEC §3 defaults). Pure apart from logging bad data. */
import type {
  Article,
  ArticleAvailability,
  ArticleDetail,
  BlankArticle,
  Bestseller,
  Brand,
  Campaign,
  CampaignDisplay,
  CampaignLabelData,
  Category,
  Color,
  ColorGroup,
  CombinedCampaignArticles,
  Gender,
  Group,
  RawArticle,
  RawArticleAvailability,
  RawArticleCampaign,
  RawArticleDetail,
  RawBestseller,
  RawCampaign,
  RawCategory,
  RawColor,
  RawColorGroup,
  RawCombinedCampaignArticles,
  RawGender,
  RawGroup,
  RawProductLine,
  RawReview,
  RawSubcategory,
  RawVariant,
  Review,
  Subcategory,
  Variant,
} from '../types/catalog.js';
import type { CartVariant, RawCartVariant } from '../types/cart.js';
import { catalogTexts } from '@shop/contracts/texts';
import { CATEGORY_PAGE_SIZE, DEFAULT_BESTSELLER_RANK, DEFAULT_FRIGHT_PRICE, priceSettingCampaign } from '@shop/contracts/constants';

/** Whole øre; null/undefined/NaN → 0 (missing money is logged by the caller where it matters). */
export function roundMoney(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0;
}

export function mapColor(raw: RawColor): Color {
  return { id: raw.ColorID, name: raw.Name, hex: raw.Hex, colorCode: raw.ColorCode };
}

export function mapVariant(raw: RawVariant): Variant {
  const shops = (raw.Shops ?? []).map((s) => ({ id: s.ShopID, qty: s.Qty }));
  return {
    id: raw.VariantID,
    ean: raw.EanNo,
    availability: shops.filter((s) => s.qty > 0).length,
    shops,
    size: { id: raw.Size.SizeID, name: raw.Size.Name },
    color: { ...mapColor(raw.Color), image: raw.Color.Image },
  };
}

export function mapGender(raw: RawGender): Gender {
  return { id: raw.GenderID, name: raw.Name };
}

export function mapColorGroup(raw: RawColorGroup): ColorGroup {
  return { id: raw.ColorGroupID, label: raw.Label, name: raw.Name, hex: raw.Hex, colorId: raw.ColorID };
}

export function mapBrand(raw: RawProductLine): Brand {
  return { ProductLineID: raw.ProductLineID, Name: raw.Name };
}

/**
 * Parses a campaign's LabelData JSON string. Absent → null silently; not JSON or not an object → null, logged
 * (SPEC §5: missing/bad mapped data is logged only, never thrown).
 */
export function parseLabelData(json: string | null | undefined): CampaignLabelData | null {
  if (json === null || json === undefined || json.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as CampaignLabelData;
    console.warn('[contracts] campaign LabelData is not a JSON object:', json);
  } catch {
    console.warn('[contracts] campaign LabelData is not valid JSON:', json);
  }
  return null;
}

export function mapArticleCampaign(raw: RawArticleCampaign): Campaign {
  return {
    id: raw.CampaignID,
    campaignArticleId: raw.CampaignArticleID,
    articleId: raw.ArticleID,
    price: roundMoney(raw.Price),
    labelType: raw.LabelType ?? null,
    labelData: parseLabelData(raw.LabelData),
  };
}

/** Stored category name → shown name ("Tekstil" → "Klær"); others unchanged. */
export function categoryDisplayName(name: string): string {
  return catalogTexts.categoryDisplayNames[name] ?? name;
}

/** Stored campaign short title → shown title ("Klikk & Hent" → "Ukens annonse!"); others unchanged. */
export function campaignShortTitle(title: string | null): string | null {
  if (title === null) return null;
  return catalogTexts.campaignShortTitles[title.trim()] ?? title;
}

/**
 * The campaign whose price the shopper pays for this article (`priceSettingCampaign`: the cheapest running one below
 * the list price), or null at the list price. The cart stores its id on the line and the checkout sends it as the
 * order line's CampaignArticleID, so the reservation can tell a campaign that ended since from one still running.
 */
export function pricingCampaign(article: Pick<Article, 'id' | 'price' | 'originalPrice' | 'campaigns'>): Campaign | null {
  return priceSettingCampaign(article.id, article.originalPrice ?? article.price, article.campaigns);
}

/**
 * Price rule: the shopper pays the lowest active campaign price when it is below the rounded suggested final
 * price (`priceSettingCampaign`, the reservation's rule too); `originalPrice` then carries the suggested price (for
 * the strike-through), else null.
 */
export function mapArticle(raw: RawArticle): Article {
  const suggested = roundMoney(raw.SuggestedFinalPrice);
  if (typeof raw.SuggestedFinalPrice !== 'number') console.error('[contracts] article without price:', raw.ArticleID);
  const campaigns = (raw.Campaigns ?? []).map(mapArticleCampaign);
  const cheapest = priceSettingCampaign(raw.ArticleID, suggested, campaigns);
  const lowered = cheapest !== null;
  return {
    id: raw.ArticleID,
    name: raw.Name,
    slug: raw.Slug || String(raw.ArticleID),
    description: raw.Description ?? '',
    price: lowered ? cheapest.price : suggested,
    pant: roundMoney(raw.Pant),
    brand: raw.ProductLineName,
    brands: [raw.ProductLineID],
    colors: (raw.Colors ?? []).map(mapColor),
    colorGroups: [...(raw.ColorGroupIDs ?? [])],
    gender: { id: raw.GenderID, name: raw.GenderName },
    genders: [raw.GenderID],
    articleGroup2ID: raw.ArticleGroup2ID,
    articleGroup3ID: raw.ArticleGroup3ID,
    canPurchase: raw.PurchasableOnWeb === 1,
    customLabel: raw.WebLabel ? raw.WebLabel : null,
    group2: raw.ArticleGroup2Name,
    group3: raw.ArticleGroup3Name,
    image: raw.Image,
    shops: [...(raw.ShopIDs ?? [])],
    available: [...(raw.AvailableShopIDs ?? [])],
    featured: raw.Featured === 1,
    category: { id: raw.MainGroupID },
    categories: [raw.MainGroupID],
    subcategories: [raw.ArticleGroup2ID],
    campaigns,
    campaignLabelType: (lowered ? cheapest.labelType : campaigns[0]?.labelType) ?? null,
    averageRating: raw.AverageRating ?? null,
    originalPrice: lowered ? suggested : null,
    webPurchaseLimit: raw.WebPurchaseLimit,
    bestsellerQty: raw.BestsellerQtyRank ?? DEFAULT_BESTSELLER_RANK,
    bestsellerTurnover: raw.BestsellerTurnoverRank ?? DEFAULT_BESTSELLER_RANK,
    onlyCC: raw.OnlyCC === 1,
    season: raw.Season ?? null,
    frightPrice: raw.FrightPrice === null || raw.FrightPrice === undefined ? DEFAULT_FRIGHT_PRICE : roundMoney(raw.FrightPrice),
  };
}

/** Reviewer display name: "Kari N.", or the anonymous text. */
export function reviewerName(raw: RawReview): string {
  if (raw.anonymous === 1 || raw.customer === null) return catalogTexts.anonymousReviewer;
  const initial = raw.customer.last_name.trim().charAt(0);
  return initial ? `${raw.customer.first_name} ${initial}.` : raw.customer.first_name;
}

export function mapReview(raw: RawReview): Review {
  return {
    id: raw.id,
    content: raw.content,
    reply: raw.reply ?? null,
    customer: reviewerName(raw),
    rating: raw.rating,
    approved: raw.approved === 1,
    created_at: raw.created_at,
    reviewable_id: raw.reviewable_id,
    reviewable_type: raw.reviewable_type,
    true_to_size: raw.true_to_size ?? null,
    size_color: raw.size_color ?? null,
    anonymous: raw.anonymous === 1,
  };
}

export function mapArticleDetail(raw: RawArticleDetail): ArticleDetail {
  return {
    ...mapArticle(raw),
    visible: raw.VisibleOnWeb === 1,
    techDescription: raw.TechDescription ?? null,
    nutrientContent: raw.NutrientContent ?? null,
    washLabel: raw.WashLabel ?? null,
    careLabel: raw.CareLabel ?? null,
    articleId: raw.ArticleID,
    articleNo: raw.ArticleNo,
    dateCreated: raw.DateCreated,
    variants: (raw.Variants ?? []).map(mapVariant),
    reviews: (raw.Reviews ?? []).map(mapReview),
  };
}

/** A fresh blank article (SPEC §3 "Blank default"): what the product page renders before data arrives. */
export function blankArticle(): BlankArticle {
  return {
    name: '',
    brand: '',
    articleGroup2ID: null,
    articleGroup3ID: null,
    price: 0,
    description: '',
    availability: 0,
    articleId: null,
    sizes: [],
    colors: [],
    size_colors: {},
    category: { id: null },
  };
}

/** GET /variants/{id}: the variant and its article as the cart builds a line from them. */
export function mapCartVariant(raw: RawCartVariant): CartVariant {
  return { article: mapArticle(raw.Article), variant: mapVariant(raw.Variant) };
}

export function mapArticleAvailability(raw: RawArticleAvailability): ArticleAvailability {
  return { articleId: raw.ArticleID, variants: raw.Variants.map(mapVariant) };
}

export function mapGroup(raw: RawGroup): Group {
  return { name: raw.Name, articleGroup2ID: raw.ArticleGroup2ID, articleGroup3ID: raw.ArticleGroup3ID, count: raw.Count };
}

export function mapSubcategory(raw: RawSubcategory): Subcategory {
  return {
    id: raw.ArticleGroup2ID,
    parent: raw.MainGroupID,
    name: raw.Name,
    minPrice: roundMoney(raw.MinPrice),
    maxPrice: roundMoney(raw.MaxPrice),
    count: raw.Count,
    groups: (raw.Groups ?? []).map(mapGroup),
  };
}

export function mapCategory(raw: RawCategory): Category {
  return {
    id: raw.MainGroupID,
    name: categoryDisplayName(raw.Name),
    count: raw.Count,
    banner: raw.Banner ?? null,
    bannerLink: raw.BannerLink ?? null,
    current_page: 1,
    last_page: Math.max(1, Math.ceil(raw.Count / CATEGORY_PAGE_SIZE)),
    minPrice: roundMoney(raw.MinPrice),
    maxPrice: roundMoney(raw.MaxPrice),
    subcategories: (raw.Subcategories ?? []).map(mapSubcategory),
    availableProductlines: (raw.ProductLines ?? []).map(mapBrand),
  };
}

export function mapCampaignDisplay(raw: RawCampaign): CampaignDisplay {
  return {
    id: raw.CampaignID,
    name: raw.Name,
    shortDescription: campaignShortTitle(raw.ShortDescription ?? null),
    description: raw.Description ?? null,
    start: raw.Start,
    end: raw.End,
    count: raw.Count,
    image: raw.Image ?? null,
    imageMobile: raw.ImageMobile ?? null,
    showLabel: raw.ShowLabel === 1,
    showImage: raw.ShowImage === 1,
    labelText: raw.LabelText ?? null,
    url: raw.Url ?? null,
  };
}

export function mapCombinedCampaignArticles(raw: RawCombinedCampaignArticles): CombinedCampaignArticles {
  return { campaigns: raw.campaigns.map(mapCampaignDisplay), articles: raw.articles.map(mapArticle) };
}

export function mapBestseller(raw: RawBestseller): Bestseller {
  return { article_id: raw.article_id, qty_rank: raw.qty_rank, turnover_rank: raw.turnover_rank };
}
