/**
 * Catalogue entities (SPEC §3): articles, variants, colours, genders, brands, reviews, categories, campaigns,
 * bestsellers. RAW types are what the API sends (legacy PascalCase); WEB types are what screens use.
 * Money is integer øre everywhere; the raw SuggestedFinalPrice/Pant/Price may carry decimals (rounded by the mappers).
 */
import type { Flag, IsoDateTime } from './common.js';

// ───────────────────────────── raw shapes ─────────────────────────────

/** Part of RawArticle.Colors and GET-less reference data; also nested in RawVariant.Color. */
export interface RawColor {
  ColorID: number;
  Name: string;
  /** CSS colour, "#1d3557". */
  Hex: string;
  /** The supplier's colour code, e.g. "410". */
  ColorCode: string;
}

/** Nested in RawVariant: a colour plus the variant's image URL (`/api/v1/images/...`). */
export interface RawVariantColor extends RawColor {
  Image: string;
}

/** Nested in RawVariant. */
export interface RawSize {
  SizeID: number;
  /** "M", "42", "128", "One size" … */
  Name: string;
}

/** Stock of one variant in one shop; nested in RawVariant.Shops. Shop 55 is the web-shop stock location. */
export interface RawVariantShop {
  ShopID: number;
  Qty: number;
}

/** Sent inside RawArticleDetail.Variants (GET /articles/{idOrSlug}) and by GET /articles/availability/{id}. */
export interface RawVariant {
  VariantID: number;
  /** EAN-13 with a valid check digit, as a string (leading zeros matter). */
  EanNo: string;
  Size: RawSize;
  Color: RawVariantColor;
  /** Every shop that lists the variant, with its quantity (0 allowed). */
  Shops: RawVariantShop[];
}

/** GET /colorgroups (array). */
export interface RawColorGroup {
  ColorGroupID: number;
  /** Shopper-facing label, e.g. "Blå". */
  Label: string;
  /** Internal name, e.g. "blue". */
  Name: string;
  Hex: string;
  /** The representative colour of the group. */
  ColorID: number;
}

/** GET /genders (array). Known ids: 1 Herre, 2 Dame, 4 Barn, 10 Uni, 11 Junior. */
export interface RawGender {
  GenderID: number;
  Name: string;
}

/** GET /productlines (array); also RawCategory.ProductLines. SPEC §3 Brand = this shape as-is. */
export interface RawProductLine {
  ProductLineID: number;
  Name: string;
}

/**
 * A campaign price attached to an article: nested in RawArticle.Campaigns. The server sends only campaigns that
 * are active now. `LabelData` is a JSON string (legacy column), e.g. '{"text":"-30%","color":"#fff","background":"#c00"}'.
 */
export interface RawArticleCampaign {
  /** Id of the campaign-article row (sent back as CampaignArticleID in order lines). */
  CampaignArticleID: number;
  CampaignID: number;
  ArticleID: number;
  /** Campaign price in øre (may carry decimals). */
  Price: number;
  /** e.g. "percent", "price", "text", "klikk-og-hent". */
  LabelType: string | null;
  LabelData: string | null;
}

/**
 * An article in a listing: items of GET /categories/{id}/articles and /subcategories/{id}/articles (inside
 * RawPaginated), GET /articles/bundle, GET /articles/brand, `hits.hits[]._source` of POST /articles/search,
 * and RawBlogPost.main_article/related_articles. Aggregates over the variants are precomputed by the server so a
 * listing does not carry every variant.
 */
export interface RawArticle {
  ArticleID: number;
  /** Supplier article number, e.g. "10023-410". */
  ArticleNo: string;
  Name: string;
  /** Unique URL slug assigned by the server: slug(Name), plus `-{ArticleID}` when two names collide. */
  Slug: string;
  Description: string | null;
  /** Øre; may carry decimals (rounded by the mapper). */
  SuggestedFinalPrice: number;
  /** Deposit in øre (drinks); null or 0 when none. */
  Pant: number | null;
  ProductLineID: number;
  ProductLineName: string;
  PurchasableOnWeb: Flag;
  VisibleOnWeb: Flag;
  Featured: Flag;
  /** Main group = category (Tekstil, Sko, Vintersport, Sportsutstyr, Mat og drikke). */
  MainGroupID: number;
  MainGroupName: string;
  ArticleGroup2ID: number;
  ArticleGroup2Name: string;
  ArticleGroup3ID: number;
  ArticleGroup3Name: string;
  GenderID: number;
  GenderName: string;
  /** Shopper-facing custom label ("Nyhet", "Kun i nettbutikken"…); null when none. */
  WebLabel: string | null;
  /** Maximum count of one line in the cart. */
  WebPurchaseLimit: number;
  /** Click-and-collect only. */
  OnlyCC: Flag;
  /** e.g. "SS26", "AW26"; null when not seasonal. */
  Season: string | null;
  /** Shipping price in øre; null → 9900. */
  FrightPrice: number | null;
  /** null → 9999. */
  BestsellerQtyRank: number | null;
  /** null → 9999. */
  BestsellerTurnoverRank: number | null;
  /** 1–5, null without approved reviews. */
  AverageRating: number | null;
  /** Main image URL path (`/api/v1/images/...`). */
  Image: string;
  /** Distinct colours over the variants. */
  Colors: RawColor[];
  /** Distinct colour-group ids over the variants' colours. */
  ColorGroupIDs: number[];
  /** Shops listing at least one variant. */
  ShopIDs: number[];
  /** Shops with Qty > 0 for at least one variant. */
  AvailableShopIDs: number[];
  /** Active campaigns (may be empty). */
  Campaigns: RawArticleCampaign[];
}

/** A review: items of RawArticleDetail.Reviews and GET /customers/current/reviews (inside RawPaginated). */
export interface RawReview {
  id: number;
  content: string;
  reply: string | null;
  /** Null when the customer was deleted. */
  customer: { id: number; first_name: string; last_name: string } | null;
  /** 1–5. */
  rating: number;
  approved: Flag;
  created_at: IsoDateTime;
  reviewable_id: number;
  /** "article". */
  reviewable_type: string;
  /** -1 small, 0 true to size, 1 large; null when not answered. */
  true_to_size: number | null;
  /** Free text of the size/colour the reviewer bought, e.g. "M / Sort". */
  size_color: string | null;
  anonymous: Flag;
}

/** GET /articles/{idOrSlug}: one article with everything the product page needs. */
export interface RawArticleDetail extends RawArticle {
  TechDescription: string | null;
  NutrientContent: string | null;
  WashLabel: string | null;
  CareLabel: string | null;
  DateCreated: IsoDateTime;
  Variants: RawVariant[];
  /** Approved reviews only, newest first. */
  Reviews: RawReview[];
}

/** Items of GET /subcategories/{id}/groups, and nested in RawSubcategory.Groups. */
export interface RawGroup {
  ArticleGroup3ID: number;
  ArticleGroup2ID: number;
  Name: string;
  Count: number;
}

/** Nested in RawCategory.Subcategories (article group 2). */
export interface RawSubcategory {
  ArticleGroup2ID: number;
  MainGroupID: number;
  Name: string;
  /** Øre, over visible articles. */
  MinPrice: number;
  MaxPrice: number;
  Count: number;
  Groups: RawGroup[];
}

/** GET /categories (array): main groups with their subcategories and the product lines they carry. */
export interface RawCategory {
  MainGroupID: number;
  /** The stored name; "Tekstil" is shown as "Klær". */
  Name: string;
  /** Number of visible articles. */
  Count: number;
  Banner: string | null;
  BannerLink: string | null;
  MinPrice: number;
  MaxPrice: number;
  Subcategories: RawSubcategory[];
  ProductLines: RawProductLine[];
}

/** GET /campaigns/ (the answer body is the array itself). */
export interface RawCampaign {
  CampaignID: number;
  Name: string;
  /** "Klikk & Hent" is shown as "Ukens annonse!". */
  ShortDescription: string | null;
  Description: string | null;
  Start: IsoDateTime;
  End: IsoDateTime;
  /** Number of articles in the campaign. */
  Count: number;
  Image: string | null;
  ImageMobile: string | null;
  ShowLabel: Flag;
  ShowImage: Flag;
  LabelText: string | null;
  /** Site-relative link, e.g. "/utvalg/12+13+14". */
  Url: string | null;
}

/** GET /campaigns/combined/articles: every active campaign with its articles (returned as-is, but mapped). */
export interface RawCombinedCampaignArticles {
  campaigns: RawCampaign[];
  articles: RawArticle[];
}

/** Items of GET /bestsellers (snake_case, the same shape as the web Bestseller). */
export interface RawBestseller {
  article_id: number;
  qty_rank: number;
  turnover_rank: number;
}

/** GET /articles/availability/{id}. */
export interface RawArticleAvailability {
  ArticleID: number;
  Variants: RawVariant[];
}

// ───────────────────────────── web shapes ─────────────────────────────

export interface Color {
  id: number;
  name: string;
  hex: string;
  colorCode: string;
}

export interface VariantColor extends Color {
  image: string;
}

export interface Size {
  id: number;
  name: string;
}

export interface VariantShop {
  qty: number;
  /** Shop id. */
  id: number;
}

export interface Variant {
  id: number;
  ean: string;
  /** Number of shops with qty > 0; the variant is available when this is above 0. */
  availability: number;
  shops: VariantShop[];
  size: Size;
  color: VariantColor;
}

export interface ColorGroup {
  id: number;
  label: string;
  name: string;
  hex: string;
  colorId: number;
}

export interface Gender {
  id: number;
  name: string;
}

/** SPEC §3 Brand: the API's product line, kept in its own field names. */
export type Brand = RawProductLine;

/** Parsed RawArticleCampaign.LabelData (free-form JSON object; these keys are the ones the UI reads). */
export interface CampaignLabelData {
  text?: string;
  color?: string;
  background?: string;
  [key: string]: unknown;
}

/** An active campaign price of an article. */
export interface Campaign {
  id: number;
  /** The campaign-article row id (CampaignArticleID in order lines). */
  campaignArticleId: number;
  articleId: number;
  /** Rounded øre. */
  price: number;
  labelType: string | null;
  /** Parsed JSON; null when absent or not valid JSON (logged). */
  labelData: CampaignLabelData | null;
}

/** A campaign as shown on campaign banners (GET /campaigns/). */
export interface CampaignDisplay {
  id: number;
  name: string;
  shortDescription: string | null;
  description: string | null;
  start: IsoDateTime;
  end: IsoDateTime;
  count: number;
  image: string | null;
  imageMobile: string | null;
  showLabel: boolean;
  showImage: boolean;
  labelText: string | null;
  url: string | null;
}

export interface CombinedCampaignArticles {
  campaigns: CampaignDisplay[];
  articles: Article[];
}

/** An article as the screens use it (listing cards, search hits, bundles). Money in rounded øre. */
export interface Article {
  id: number;
  name: string;
  /** Server-assigned unique slug for /product/{slug}. */
  slug: string;
  description: string;
  /** What the shopper pays: the rounded suggested final price, or the lowest active campaign price when lower. */
  price: number;
  /** Rounded deposit, 0 when none. */
  pant: number;
  /** Product line name. */
  brand: string;
  /** Product line ids (id-membership filter). */
  brands: number[];
  colors: Color[];
  /** Colour-group ids. */
  colorGroups: number[];
  gender: Gender;
  /** Gender ids (id-membership filter). */
  genders: number[];
  articleGroup2ID: number;
  articleGroup3ID: number;
  canPurchase: boolean;
  customLabel: string | null;
  /** Article group 2 name. */
  group2: string;
  /** Article group 3 name. */
  group3: string;
  image: string;
  /** Ids of shops listing the article. */
  shops: number[];
  /** Ids of shops with stock. */
  available: number[];
  featured: boolean;
  category: { id: number };
  /** Main group ids. */
  categories: number[];
  /** Article group 2 ids. */
  subcategories: number[];
  campaigns: Campaign[];
  /** Label type of the campaign that sets the price (or the first campaign), else null. */
  campaignLabelType: string | null;
  averageRating: number | null;
  /** The rounded suggested final price when a campaign lowers `price`, else null. */
  originalPrice: number | null;
  webPurchaseLimit: number;
  /** Default 9999. */
  bestsellerQty: number;
  /** Default 9999. */
  bestsellerTurnover: number;
  onlyCC: boolean;
  season: string | null;
  /** Øre, default 9900. */
  frightPrice: number;
}

export interface Review {
  id: number;
  content: string;
  reply: string | null;
  /** Display name ("Kari N."), or the anonymous text when the reviewer chose anonymity or was deleted. */
  customer: string;
  rating: number;
  approved: boolean;
  created_at: IsoDateTime;
  reviewable_id: number;
  reviewable_type: string;
  true_to_size: number | null;
  size_color: string | null;
  anonymous: boolean;
}

export interface ArticleDetail extends Article {
  visible: boolean;
  techDescription: string | null;
  nutrientContent: string | null;
  washLabel: string | null;
  careLabel: string | null;
  /** Same as id (legacy screens read articleId). */
  articleId: number;
  articleNo: string;
  dateCreated: IsoDateTime;
  variants: Variant[];
  reviews: Review[];
}

/**
 * The blank article the product page shows before/without data (SPEC §3 "Blank default").
 * `availability` is the number of available variants; `size_colors` maps a size name to its colour ids.
 */
export interface BlankArticle {
  name: string;
  brand: string;
  articleGroup2ID: number | null;
  articleGroup3ID: number | null;
  price: number;
  description: string;
  availability: number;
  articleId: number | null;
  sizes: Size[];
  colors: Color[];
  size_colors: Record<string, number[]>;
  category: { id: number | null };
}

export interface Group {
  name: string;
  articleGroup2ID: number;
  articleGroup3ID: number;
  count: number;
}

export interface Subcategory {
  id: number;
  /** Main group id. */
  parent: number;
  name: string;
  minPrice: number;
  maxPrice: number;
  count: number;
  groups: Group[];
}

export interface Category {
  id: number;
  /** Display name ("Tekstil" → "Klær"). */
  name: string;
  count: number;
  banner: string | null;
  bannerLink: string | null;
  /** Listing state: starts at 1. */
  current_page: number;
  /** ceil(count / 20), at least 1. */
  last_page: number;
  minPrice: number;
  maxPrice: number;
  subcategories: Subcategory[];
  availableProductlines: Brand[];
}

export interface Bestseller {
  article_id: number;
  qty_rank: number;
  turnover_rank: number;
}

export interface ArticleAvailability {
  articleId: number;
  variants: Variant[];
}

/** Sort keys of the category listing. */
export type ArticleOrderBy = 'Name' | 'SuggestedFinalPrice' | 'BestsellerQtyRank' | 'DateCreated';
