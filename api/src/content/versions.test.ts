import { describe, expect, it } from 'vitest';
import { conflictMessage, contentStatus, parseIfMatch, planStatus, type Publication } from './versions.js';
import { EDITOR_ERRORS } from './texts.js';

const now = new Date('2026-11-27T12:00:00Z');
const hour = 3_600_000;
const at = (offsetHours: number) => new Date(now.getTime() + offsetHours * hour);

describe('parseIfMatch', () => {
  it.each([
    [undefined, { ok: true, version: null }],
    ['"3"', { ok: true, version: 3 }],
    ['W/"12"', { ok: true, version: 12 }],
    ['7', { ok: true, version: 7 }],
    [' "4" ', { ok: true, version: 4 }],
    ['"0"', { ok: false, message: EDITOR_ERRORS.badVersion }],
    ['"abc"', { ok: false, message: EDITOR_ERRORS.badVersion }],
    ['*', { ok: false, message: EDITOR_ERRORS.badVersion }],
    ['"1", "2"', { ok: false, message: EDITOR_ERRORS.badVersion }],
    ['"12345678901"', { ok: false, message: EDITOR_ERRORS.badVersion }],
  ])('%s', (header, expected) => {
    expect(parseIfMatch(header)).toEqual(expected);
  });
});

describe('conflictMessage', () => {
  it.each([
    // 13:05 UTC is 14:05 in Oslo in winter, 15:05 in summer.
    ['blog-post', 'Kari Nordmann', '2026-11-27T13:05:00Z', 'Innlegget er endret av Kari Nordmann kl. 14:05 (27.11.2026)'],
    ['page', 'Ola', '2026-07-01T13:05:00Z', 'Siden er endret av Ola kl. 15:05 (01.07.2026)'],
    ['poll', null, '2026-11-27T23:30:00Z', 'Avstemningen er endret av noen andre kl. 00:30 (28.11.2026)'],
    ['home-layout', '  ', '2026-11-27T08:00:00Z', 'Forsideoppsettet er endret av noen andre kl. 09:00 (27.11.2026)'],
  ] as const)('%s by %s', (type, who, when, start) => {
    expect(conflictMessage(type, who, new Date(when))).toMatch(new RegExp(`^${start.replace(/[().]/g, '\\$&')}`));
  });
});

describe('contentStatus', () => {
  it.each<[string, Publication, string]>([
    ['never published', { publishedAt: null, unpublishedAt: null }, 'draft'],
    ['taken off', { publishedAt: null, unpublishedAt: at(-1) }, 'unpublished'],
    ['live since an hour', { publishedAt: at(-1), unpublishedAt: null }, 'published'],
    ['live from this very instant', { publishedAt: now, unpublishedAt: null }, 'published'],
    ['due in an hour', { publishedAt: at(1), unpublishedAt: null }, 'scheduled'],
    ['a campaign running', { publishedAt: at(-1), unpublishedAt: null, publishUntil: at(1) }, 'published'],
    ['a campaign ended', { publishedAt: at(-2), unpublishedAt: null, publishUntil: at(-1) }, 'unpublished'],
    ['a campaign ahead', { publishedAt: at(1), unpublishedAt: null, publishUntil: at(2) }, 'scheduled'],
  ])('%s', (_, publication, status) => {
    expect(contentStatus(publication, now)).toBe(status);
  });
});

describe('planStatus', () => {
  const draft: Publication = { publishedAt: null, unpublishedAt: null };
  it.each([
    ['publish a draft: now', 'blog-post', { action: 'publish' }, draft, { ok: true, publication: { publishedAt: now, unpublishedAt: null, publishUntil: null } }],
    ['publish a live post: keeps its date', 'blog-post', { action: 'publish' }, { publishedAt: at(-5), unpublishedAt: null }, { ok: true, publication: { publishedAt: at(-5), unpublishedAt: null, publishUntil: null } }],
    ['publish a scheduled post: now', 'poll', { action: 'publish' }, { publishedAt: at(5), unpublishedAt: null }, { ok: true, publication: { publishedAt: now, unpublishedAt: null, publishUntil: null } }],
    ['schedule ahead', 'page', { action: 'schedule', at: at(2) }, draft, { ok: true, publication: { publishedAt: at(2), unpublishedAt: null, publishUntil: null } }],
    ['schedule in the past', 'page', { action: 'schedule', at: at(-2) }, draft, { ok: false, field: 'at', message: EDITOR_ERRORS.scheduleInPast }],
    ['schedule now', 'page', { action: 'schedule', at: now }, draft, { ok: false, field: 'at', message: EDITOR_ERRORS.scheduleInPast }],
    ['a campaign weekend', 'home-layout', { action: 'schedule', at: at(2), until: at(50) }, draft, { ok: true, publication: { publishedAt: at(2), unpublishedAt: null, publishUntil: at(50) } }],
    ['an end before the start', 'home-layout', { action: 'schedule', at: at(2), until: at(1) }, draft, { ok: false, field: 'until', message: EDITOR_ERRORS.untilBeforeFrom }],
    ['an end on a post', 'blog-post', { action: 'schedule', at: at(2), until: at(3) }, draft, { ok: false, field: 'until', message: EDITOR_ERRORS.untilOnlyLayouts }],
    ['unpublish', 'blog-post', { action: 'unpublish' }, { publishedAt: at(-1), unpublishedAt: null }, { ok: true, publication: { publishedAt: null, unpublishedAt: now, publishUntil: null } }],
  ] as const)('%s', (_, type, change, current, expected) => {
    expect(planStatus(type, change as never, current, now)).toEqual(expected);
  });
});
