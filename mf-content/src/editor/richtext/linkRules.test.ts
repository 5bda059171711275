import { describe, expect, it } from 'vitest';
import { checkLinkUrl, isAllowedLink } from './linkRules.js';
import { richTextTexts } from './texts.js';

describe('checkLinkUrl: site paths and https only', () => {
  it.each([
    ['/blogg/hvordan-kle-barna', '/blogg/hvordan-kle-barna'],
    ['  /kundeservice#retur ', '/kundeservice#retur'],
    ['/', '/'],
    ['https://www.staut.no/om-oss', 'https://www.staut.no/om-oss'],
    ['HTTPS://yr.no', 'HTTPS://yr.no'],
  ])('%j → %j', (raw, href) => {
    expect(checkLinkUrl(raw)).toEqual({ ok: true, href });
  });

  it.each([
    ['', richTextTexts.linkMissing],
    ['   ', richTextTexts.linkMissing],
    ['http://www.staut.no', richTextTexts.linkBad],
    ['blogg/x', richTextTexts.linkBad],
    ['//evil.example/x', richTextTexts.linkBad],
    ['/\\evil.example', richTextTexts.linkBad],
    ['javascript:alert(1)', richTextTexts.linkBad],
    ['mailto:kundeservice@staut.no', richTextTexts.linkBad],
    ['https://', richTextTexts.linkBad],
    ['https://localhost', richTextTexts.linkBad],
    ['https://user:pw@staut.no', richTextTexts.linkBad],
    ['/blogg/to ord', richTextTexts.linkBad],
  ])('%j is refused: %s', (raw, error) => {
    expect(checkLinkUrl(raw)).toEqual({ ok: false, error });
  });
});

describe('isAllowedLink: links already in copy survive an edit when the sanitiser keeps them', () => {
  it.each([
    ['/butikker', true],
    ['#retur', true],
    ['mailto:kundeservice@staut.no', true],
    ['tel:+4722000000', true],
    ['http://example.com', true],
    ['https://example.com', true],
    ['javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['//evil.example', false],
    ['data:text/html,x', false],
  ])('%j → %s', (href, kept) => {
    expect(isAllowedLink(href)).toBe(kept);
  });
});
