/**
 * Stored search documents → the search answer (adds what depends on the clock or on URLs). The documents are JSON
 * text from the database and go into the answer without a parse and a re-serialisation (see StoredSource); the search
 * test compares every hit with the listings' RawArticle.
 */
import type { RawArticleCampaign } from '@shop/contracts/types';
import { NEUTRAL_HEX } from '../routes/articles/load.js';
import { articleImageUrl } from '../routes/images/urls.js';
import type { StoredCampaign, StoredSource } from './engine.js';

/** The legacy API sends LabelData as a JSON string (as routes/articles/load.ts does). */
export function toRawCampaign({ LabelData, ...rest }: StoredCampaign): RawArticleCampaign {
  return { ...rest, LabelData: LabelData === null || LabelData === undefined ? null : JSON.stringify(LabelData) };
}

/** A hit's image URL. Same rule as the listings (routes/articles/load.ts): the first variant's colour draws it. */
export function hitImageUrl(source: StoredSource): string {
  return articleImageUrl(source.group3Id, source.firstHex ?? NEUTRAL_HEX);
}

/** A RawArticle as JSON text: the stored document plus Image and Campaigns. */
export function rawArticleJson(source: StoredSource, campaigns: readonly StoredCampaign[]): string {
  const json = source.json.trimEnd();
  if (!json.startsWith('{') || !json.endsWith('}') || json.length < 3) {
    throw new Error(`a stored search document is not a non-empty JSON object: ${json.slice(0, 80)}`);
  }
  const image = hitImageUrl(source);
  return `${json.slice(0, -1)},"Image":${JSON.stringify(image)},"Campaigns":${JSON.stringify(campaigns.map(toRawCampaign))}}`;
}

export interface SearchHitText {
  id: number;
  score: number;
  /** `_source` as JSON text. */
  source: string;
}

/**
 * The Elasticsearch-shaped answer of POST /articles/search (RawSearchResponse) as JSON text. One join of every part:
 * a page is ~35 000 characters, and text glued around a joined list stays a rope that Node copies flat again to
 * measure and to write it (two more page-sized strings per search for the garbage collector).
 */
export function searchResponseJson(
  total: { value: number; relation: 'eq' | 'gte' },
  hits: readonly SearchHitText[],
): string {
  const parts = [`{"hits":{"total":${JSON.stringify({ value: total.value, relation: total.relation })},"hits":[`];
  hits.forEach((hit, i) => {
    parts.push(`${i === 0 ? '' : ','}{"_id":${JSON.stringify(String(hit.id))},"_score":${JSON.stringify(hit.score)},"_source":`, hit.source, '}');
  });
  parts.push(']}}');
  return parts.join('');
}
