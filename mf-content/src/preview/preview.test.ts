import { describe, expect, it } from 'vitest';
import type { ContentPreview, ContentType } from '@shop/contracts/types';
import { osloDateTime, previewBanner } from './preview.js';

describe('the preview banner', () => {
  it.each<[ContentType, string | number, ContentPreview, { heading: string; status: string; when: string | null; editHref: string }]>([
    ['blog-post', 12, { status: 'draft', published_at: null, pending_changes: false }, { heading: 'Forhåndsvisning – ikke publisert', status: 'Utkast', when: null, editHref: '/redaksjon/innlegg/12' }],
    // 07:00 UTC is 08:00 in Oslo in winter.
    ['poll', 3, { status: 'scheduled', published_at: '2026-11-28T07:00:00.000Z', pending_changes: false }, { heading: 'Forhåndsvisning – ikke publisert', status: 'Planlagt', when: 'publiseres 28.11.2026 kl. 08:00', editHref: '/redaksjon/avstemninger/3' }],
    ['page', 'om-oss', { status: 'unpublished', published_at: null, pending_changes: false }, { heading: 'Forhåndsvisning – ikke publisert', status: 'Avpublisert', when: null, editHref: '/redaksjon/sider/om-oss' }],
    ['page', 'om-oss', { status: 'published', published_at: '2026-01-01T00:00:00.000Z', pending_changes: false }, { heading: 'Forhåndsvisning – publisert', status: 'Publisert', when: null, editHref: '/redaksjon/sider/om-oss' }],
    // Saved changes to a live page that shoppers do not see yet.
    ['page', 'om-oss', { status: 'published', published_at: '2026-01-01T00:00:00.000Z', pending_changes: true }, { heading: 'Forhåndsvisning – endringer som ikke er publisert', status: 'Publisert', when: null, editHref: '/redaksjon/sider/om-oss' }],
  ])('%s %s %j', (type, key, preview, expected) => {
    expect(previewBanner(type, key, preview)).toEqual(expected);
  });

  it.each([
    ['2026-03-29T00:30:00.000Z', '29.03.2026 kl. 01:30'], // before the spring change: UTC+1
    ['2026-03-29T01:30:00.000Z', '29.03.2026 kl. 03:30'], // after it: UTC+2
    ['2026-10-25T00:30:00.000Z', '25.10.2026 kl. 02:30'],
    ['2026-10-25T01:30:00.000Z', '25.10.2026 kl. 02:30'], // the autumn hour twice
    ['2026-12-31T23:30:00.000Z', '01.01.2027 kl. 00:30'],
  ])('%s is %s in Oslo', (iso, shown) => {
    expect(osloDateTime(iso)).toBe(shown);
  });
});
