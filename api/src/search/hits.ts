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

/** One hit of a search page: its id, relevance tier, stored document and the campaigns running now. */
export interface SearchHit {
  id: number;
  score: number;
  source: StoredSource;
  campaigns: readonly StoredCampaign[];
}

/** The stored document without its closing brace (a slice: V8 makes it a view of the text, not a copy). */
function documentOpen(source: StoredSource): string {
  const json = source.json.trimEnd();
  if (!json.startsWith('{') || !json.endsWith('}') || json.length < 3) {
    throw new Error(`a stored search document is not a non-empty JSON object: ${json.slice(0, 80)}`);
  }
  return json.slice(0, -1);
}

/** What follows the stored document's last field in a RawArticle: Image, Campaigns and the closing brace. */
function sourceTail(source: StoredSource, campaigns: readonly StoredCampaign[]): string {
  return `,"Image":${JSON.stringify(hitImageUrl(source))},"Campaigns":${JSON.stringify(campaigns.map(toRawCampaign))}}`;
}

/**
 * The Elasticsearch-shaped answer of POST /articles/search (RawSearchResponse) as UTF-8 bytes, written straight into
 * one buffer: each stored document is copied once. Joining the parts into one string first made a ~70 kB string per
 * search (two-byte as soon as one document holds a character past Latin-1: half the seeded descriptions have an en
 * dash), the largest allocation of a search, which the garbage collector copied whenever it ran during one.
 */
export function searchResponseBytes(total: { value: number; relation: 'eq' | 'gte' }, hits: readonly SearchHit[]): Buffer {
  const pieces = [`{"hits":{"total":${JSON.stringify({ value: total.value, relation: total.relation })},"hits":[`];
  hits.forEach((hit, i) => {
    pieces.push(
      `${i === 0 ? '' : ','}{"_id":${JSON.stringify(String(hit.id))},"_score":${JSON.stringify(hit.score)},"_source":`,
      documentOpen(hit.source),
      `${sourceTail(hit.source, hit.campaigns)}}`,
    );
  });
  pieces.push(']}}');
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece, 'utf8');
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) offset += bytes.write(piece, offset, 'utf8');
  return bytes;
}
