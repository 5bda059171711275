/** Response schemas of the article shapes (RawArticle, RawArticleDetail and their parts) of @shop/contracts. */
import { Type, type Static } from 'typebox';
import type {
  RawArticle,
  RawArticleCampaign,
  RawArticleDetail,
  RawColor,
  RawReview,
  RawSize,
  RawVariant,
  RawVariantColor,
  RawVariantShop,
} from '@shop/contracts/types';
import { assertSameShape, FlagSchema, IsoDateTime, Nullable, type SameShape } from '../shared/schema.js';

const colorFields = {
  ColorID: Type.Integer(),
  Name: Type.String(),
  Hex: Type.String(),
  ColorCode: Type.String(),
};
export const RawColorSchema = Type.Object(colorFields);
export const RawVariantColorSchema = Type.Object({ ...colorFields, Image: Type.String() });
export const RawSizeSchema = Type.Object({ SizeID: Type.Integer(), Name: Type.String() });
export const RawVariantShopSchema = Type.Object({ ShopID: Type.Integer(), Qty: Type.Integer() });
export const RawVariantSchema = Type.Object({
  VariantID: Type.Integer(),
  EanNo: Type.String(),
  Size: RawSizeSchema,
  Color: RawVariantColorSchema,
  Shops: Type.Array(RawVariantShopSchema),
});

export const RawArticleCampaignSchema = Type.Object({
  CampaignArticleID: Type.Integer(),
  CampaignID: Type.Integer(),
  ArticleID: Type.Integer(),
  Price: Type.Number(),
  LabelType: Nullable(Type.String()),
  LabelData: Nullable(Type.String({ description: 'JSON string' })),
});

const articleFields = {
  ArticleID: Type.Integer(),
  ArticleNo: Type.String(),
  Name: Type.String(),
  Slug: Type.String(),
  Description: Nullable(Type.String()),
  SuggestedFinalPrice: Type.Number({ description: 'øre' }),
  Pant: Nullable(Type.Number({ description: 'øre' })),
  ProductLineID: Type.Integer(),
  ProductLineName: Type.String(),
  PurchasableOnWeb: FlagSchema,
  VisibleOnWeb: FlagSchema,
  Featured: FlagSchema,
  MainGroupID: Type.Integer(),
  MainGroupName: Type.String(),
  ArticleGroup2ID: Type.Integer(),
  ArticleGroup2Name: Type.String(),
  ArticleGroup3ID: Type.Integer(),
  ArticleGroup3Name: Type.String(),
  GenderID: Type.Integer(),
  GenderName: Type.String(),
  WebLabel: Nullable(Type.String()),
  WebPurchaseLimit: Type.Integer(),
  OnlyCC: FlagSchema,
  Season: Nullable(Type.String()),
  FrightPrice: Nullable(Type.Integer({ description: 'øre; null = 9900' })),
  BestsellerQtyRank: Nullable(Type.Integer()),
  BestsellerTurnoverRank: Nullable(Type.Integer()),
  AverageRating: Nullable(Type.Number()),
  Image: Type.String(),
  Colors: Type.Array(RawColorSchema),
  ColorGroupIDs: Type.Array(Type.Integer()),
  ShopIDs: Type.Array(Type.Integer()),
  AvailableShopIDs: Type.Array(Type.Integer()),
  Campaigns: Type.Array(RawArticleCampaignSchema),
};
export const RawArticleSchema = Type.Object(articleFields);

export const RawReviewSchema = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  reply: Nullable(Type.String()),
  customer: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
  rating: Type.Integer(),
  approved: FlagSchema,
  created_at: IsoDateTime,
  reviewable_id: Type.Integer(),
  reviewable_type: Type.String(),
  true_to_size: Nullable(Type.Integer()),
  size_color: Nullable(Type.String()),
  anonymous: FlagSchema,
});

export const RawArticleDetailSchema = Type.Object({
  ...articleFields,
  TechDescription: Nullable(Type.String()),
  NutrientContent: Nullable(Type.String()),
  WashLabel: Nullable(Type.String()),
  CareLabel: Nullable(Type.String()),
  DateCreated: IsoDateTime,
  Variants: Type.Array(RawVariantSchema),
  Reviews: Type.Array(RawReviewSchema),
});

assertSameShape<SameShape<Static<typeof RawColorSchema>, RawColor>>();
assertSameShape<SameShape<Static<typeof RawVariantColorSchema>, RawVariantColor>>();
assertSameShape<SameShape<Static<typeof RawSizeSchema>, RawSize>>();
assertSameShape<SameShape<Static<typeof RawVariantShopSchema>, RawVariantShop>>();
assertSameShape<SameShape<Static<typeof RawVariantSchema>, RawVariant>>();
assertSameShape<SameShape<Static<typeof RawArticleCampaignSchema>, RawArticleCampaign>>();
assertSameShape<SameShape<Static<typeof RawArticleSchema>, RawArticle>>();
assertSameShape<SameShape<Static<typeof RawReviewSchema>, RawReview>>();
assertSameShape<SameShape<Static<typeof RawArticleDetailSchema>, RawArticleDetail>>();
