/**
 * The labels a product shows next to its price: the campaign labels (from each running campaign's label data, the
 * short title "Klikk & Hent" shown as "Ukens annonse!") and the article's own web label ("Nyhet"). Pure.
 */
import { formatDecimal } from '@shop/contracts/format';
import { campaignShortTitle } from '@shop/contracts/mappers';
import type { Article, Campaign } from '@shop/contracts/types';
import { texts } from '../texts.js';

export interface LabelView {
  text: string;
  /** CSS colours from the campaign's label data, only when they are plain hex colours. */
  color: string | null;
  background: string | null;
  kind: 'campaign' | 'custom';
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const hex = (value: unknown) => (typeof value === 'string' && HEX.test(value) ? value : null);

/** Label text of one campaign: its label data text, else a text for its label type. */
export function campaignLabelText(campaign: Campaign, article?: Pick<Article, 'price' | 'originalPrice'>): string | null {
  const data = campaign.labelData;
  const given = typeof data?.text === 'string' && data.text.trim() !== '' ? data.text.trim() : null;
  if (given) return campaignShortTitle(given);
  switch ((campaign.labelType ?? '').toLowerCase()) {
    case 'percent': {
      const percent = typeof data?.percent === 'number' ? data.percent : null;
      if (percent !== null) return `−${percent} %`;
      if (article?.originalPrice) return `−${Math.round((1 - article.price / article.originalPrice) * 100)} %`;
      return texts.labels.sale;
    }
    case 'member':
      return texts.labels.member;
    case 'klikk-og-hent':
    case 'klikk & hent':
      return campaignShortTitle('Klikk & Hent');
    case 'price':
    case 'text':
      return texts.labels.sale;
    default:
      return null;
  }
}

/** Every label of an article, campaign labels first, each text once. */
export function articleLabels(article: Pick<Article, 'campaigns' | 'customLabel' | 'price' | 'originalPrice'>): LabelView[] {
  const out: LabelView[] = [];
  const seen = new Set<string>();
  for (const campaign of article.campaigns) {
    const text = campaignLabelText(campaign, article);
    if (!text || seen.has(text)) continue;
    seen.add(text);
    out.push({ text, color: hex(campaign.labelData?.color), background: hex(campaign.labelData?.background), kind: 'campaign' });
  }
  if (article.customLabel && !seen.has(article.customLabel)) {
    out.push({ text: article.customLabel, color: null, background: null, kind: 'custom' });
  }
  return out;
}

/** 4.25 → "4,3", 4 → "4". */
export function formatRating(rating: number): string {
  return formatDecimal(rating, 0, 1);
}
