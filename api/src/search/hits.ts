/** Stored search documents → the RawArticle listing shape (adds what depends on the clock or on URLs). */
import type { RawArticle, RawArticleCampaign } from '@shop/contracts/types';
import { NEUTRAL_HEX } from '../routes/articles/load.js';
import { articleImageUrl } from '../routes/images/urls.js';
import type { StoredCampaign, StoredSource } from './engine.js';

/** The legacy API sends LabelData as a JSON string (as routes/articles/load.ts does). */
export function toRawCampaign({ LabelData, ...rest }: StoredCampaign): RawArticleCampaign {
  return { ...rest, LabelData: LabelData === null || LabelData === undefined ? null : JSON.stringify(LabelData) };
}

/** Same rule as the listings (routes/articles/load.ts): the first variant's colour draws the image. */
export function toRawArticle(source: StoredSource, campaigns: readonly StoredCampaign[]): RawArticle {
  return {
    ...source,
    Image: articleImageUrl(source.ArticleGroup3ID, source.Colors[0]?.Hex ?? NEUTRAL_HEX),
    Campaigns: campaigns.map(toRawCampaign),
  };
}
