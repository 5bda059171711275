import { describe, expect, it } from 'vitest';
import { buildMessage, chooseEncoding, decodeQuotedPrintable, dotStuff, encodeHeaderValue, encodeQuotedPrintable, rfc5322Date } from './mime.js';

describe('quoted-printable', () => {
  it.each([
    ['plain ASCII stays as it is', 'Hei Kari', 'Hei Kari'],
    ['æøå as UTF-8 bytes', 'Blåbær på Ørnes', 'Bl=C3=A5b=C3=A6r p=C3=A5 =C3=98rnes'],
    ['"=" is escaped', 'a=b', 'a=3Db'],
    ['a trailing space is escaped', 'slutt ', 'slutt=20'],
    ['a trailing tab is escaped', 'slutt\t', 'slutt=09'],
    ['a space inside a line stays', 'a b', 'a b'],
    ['hard line breaks become CRLF', 'en\nto\r\ntre', 'en\r\nto\r\ntre'],
    ['a line of exactly 76 characters is not broken', 'x'.repeat(76), 'x'.repeat(76)],
    ['77 characters get a soft break', 'x'.repeat(77), `${'x'.repeat(75)}=\r\nxx`],
    ['a soft break never splits =XX', `${'x'.repeat(74)}ø`, `${'x'.repeat(74)}=\r\n=C3=B8`],
  ])('%s', (_, text, encoded) => {
    expect(encodeQuotedPrintable(text)).toBe(encoded);
    expect(decodeQuotedPrintable(encoded)).toBe(text.replace(/\r?\n/g, '\r\n'));
  });

  it('every line is at most 76 characters and pure 7-bit; long Norwegian text decodes back', () => {
    const text = `${'Takk for bestillingen din hos Staut – vi gleder oss til å se deg i butikken på Karl Johan. '.repeat(8)}\n<p style="margin:0">Æ Ø Å = æ ø å</p>   `;
    const encoded = encodeQuotedPrintable(text);
    for (const line of encoded.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(line).toMatch(/^[\x21-\x7e ]*$/);
      expect(line).not.toMatch(/ $/);
    }
    expect(decodeQuotedPrintable(encoded)).toBe(text.replace(/\n/g, '\r\n'));
  });
});

describe('transfer encoding', () => {
  it.each([
    ['ASCII, 8BITMIME', 'Hei', true, '7bit'],
    ['ASCII, no 8BITMIME', 'Hei', false, '7bit'],
    ['æøå, 8BITMIME', 'Hei på deg', true, '8bit'],
    ['æøå, no 8BITMIME', 'Hei på deg', false, 'quoted-printable'],
    ['a 999-octet line, 8BITMIME', 'x'.repeat(999), true, 'quoted-printable'],
  ] as const)('%s → %s', (_, text, eightBit, encoding) => {
    expect(chooseEncoding(text, eightBit)).toBe(encoding);
  });
});

describe('headers', () => {
  it.each([
    ['ASCII stays readable', 'Din ordre 12', 'Din ordre 12'],
    ['a control character is not sent raw', 'a\r\nBcc: x@y.no', `=?UTF-8?B?${Buffer.from('a\r\nBcc: x@y.no').toString('base64')}?=`],
    ['æøå', 'Bestilling på vei', `=?UTF-8?B?${Buffer.from('Bestilling på vei').toString('base64')}?=`],
  ])('%s', (_, value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
  });

  it('a long subject is split into words of at most 75 characters that decode back, never inside a character', () => {
    const subject = 'Ordre 123: varene dine er klare til henting i Oslo Sentrum – hent dem før fredag, ellers går de tilbake på hylla';
    const folded = encodeHeaderValue(subject);
    const words = folded.split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const w of words) expect(w.length).toBeLessThanOrEqual(75);
    const decoded = words.map((w) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(w)![1]!, 'base64').toString('utf8')).join('');
    expect(decoded).toBe(subject);
  });

  it('Date is RFC 5322 with a numeric zone', () => {
    expect(rfc5322Date(new Date(Date.UTC(2026, 6, 1, 8, 5, 9)))).toBe('Wed, 01 Jul 2026 08:05:09 +0000');
  });
});

describe('the message', () => {
  const base = { from: 'kundeservice@staut.no', to: 'kari@example.no', subject: 'Ordre 7 er klar', body: 'Hei Kari!\n.punktum først' };

  it('text only: Date, Message-ID and one text part', () => {
    const { data, eightBit } = buildMessage(base, { eightBitMime: true, messageIdDomain: 'www.staut.no' });
    expect(eightBit).toBe(true);
    expect(data).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n/);
    expect(data).toMatch(/\r\nMessage-ID: <[0-9a-f-]{36}@www\.staut\.no>\r\n/);
    expect(data).toContain('\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nHei Kari!\r\n.punktum først');
    expect(dotStuff(data)).toContain('\r\n..punktum');
  });

  it('with HTML: multipart/alternative, text first, each part encoded for the relay', () => {
    const { data, eightBit } = buildMessage({ ...base, body: 'Blåbær', html: '<p>Blåbær</p>' }, { eightBitMime: false, messageIdDomain: 'staut.no' });
    expect(eightBit).toBe(false);
    const boundary = /boundary="([^"]+)"/.exec(data)![1]!;
    const parts = data.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nBl=C3=A5b=C3=A6r');
    expect(parts[2]).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p>Bl=C3=A5b=C3=A6r</p>');
    expect(parts[3]).toBe('--\r\n');
    expect(data).toMatch(/^[\x00-\x7f]*$/);
  });
});
