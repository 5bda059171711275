import { describe, expect, it } from 'vitest';
import type { Campaign } from '@shop/contracts/types';
import { article } from '../product/fixtures.js';
import { articleLabels, campaignLabelText } from './labels.js';

const campaign = (labelType: string | null, labelData: Campaign['labelData']): Campaign => ({
  id: 1, campaignArticleId: 1, articleId: 1, price: 50000, labelType, labelData,
});

describe('campaignLabelText', () => {
  it.each([
    ['the label data text', campaign('percent', { text: '-30 %', percent: 30 }), '-30 %'],
    ['"Klikk & Hent" is shown as "Ukens annonse!"', campaign('text', { text: 'Klikk & Hent' }), 'Ukens annonse!'],
    ['the klikk-og-hent type without text', campaign('klikk-og-hent', null), 'Ukens annonse!'],
    ['a percentage without text', campaign('percent', { percent: 20 }), '−20 %'],
    ['a member price', campaign('member', {}), 'Medlemspris'],
    ['a plain price campaign', campaign('price', null), 'Tilbud'],
    ['blank text falls back to the type', campaign('price', { text: '  ' }), 'Tilbud'],
    ['an unknown type without text', campaign('mystery', null), null],
  ])('%s', (_case, c, text) => {
    expect(campaignLabelText(c)).toBe(text);
  });

  it('works the percentage out from the prices when the campaign does not say', () => {
    expect(campaignLabelText(campaign('percent', null), { price: 75000, originalPrice: 100000 })).toBe('−25 %');
  });
});

describe('articleLabels', () => {
  it('lists campaign labels with their colours, then the web label, each text once', () => {
    const labels = articleLabels(
      article({
        customLabel: 'Nyhet',
        campaigns: [
          campaign('text', { text: 'Klikk & Hent', color: '#1a1a1a', background: '#ffd100' }),
          campaign('text', { text: 'Ukens annonse!' }),
          campaign('percent', { text: '-30 %', color: 'red; background: url(x)', background: '#c8102e' }),
        ],
      }),
    );
    expect(labels).toEqual([
      { text: 'Ukens annonse!', color: '#1a1a1a', background: '#ffd100', kind: 'campaign' },
      { text: '-30 %', color: null, background: '#c8102e', kind: 'campaign' },
      { text: 'Nyhet', color: null, background: null, kind: 'custom' },
    ]);
  });

  it('is empty for an article without campaigns or label', () => {
    expect(articleLabels(article())).toEqual([]);
  });
});

describe('formatRating', () => {
  it.each([
    [4, '4'],
    [4.25, '4,3'],
    [3.5, '3,5'],
  ])('%d → %s', async (rating, text) => {
    const { formatRating } = await import('./labels.js');
    expect(formatRating(rating)).toBe(text);
  });
});
