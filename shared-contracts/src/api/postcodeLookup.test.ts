/** The postcode lookup against a real HTTP server answering GET /postalcodes/{zip} like the API (404 when unknown). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl, setCsrfTokenSource } from './client.js';
import { checkPostcode, cityFromAnswer, createPostcodeLookup, postcodeOf, type PostcodeAnswer } from './postcodeLookup.js';
import { postcodeTexts } from '../texts/forms.js';
import { rawPostalCode } from '../testing/fixtures.js';

const places: Record<string, string> = { '0150': 'OSLO', '5003': 'BERGEN' };
/** Postcodes whose answer waits until released (to answer out of order). */
const held = new Map<string, () => void>();
const asked: string[] = [];
let down = false;
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const zip = /^\/api\/v1\/postalcodes\/(\d{4})$/.exec(req.url ?? '')?.[1] ?? '';
    asked.push(zip);
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      if (down) res.writeHead(503).end(JSON.stringify({ message: 'Tjenesten er nede' }));
      else if (places[zip]) res.end(JSON.stringify(rawPostalCode({ PostNo: zip, PostPlace: places[zip] })));
      else res.writeHead(404).end(JSON.stringify({ message: 'Fant ikke postnummeret.' }));
    };
    if (zip === '5003' && !held.has(zip)) held.set(zip, answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
  // The session's token, as the shop's page (or the server's renderer) gives it: without one the client says so.
  setCsrfTokenSource(() => 'csrf-test');
});
afterAll(() => {
  setCsrfTokenSource();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  asked.length = 0;
  held.clear();
  down = false;
});

describe('postcodeOf', () => {
  it.each([
    ['0150', '0150'],
    [' 0150 ', '0150'],
    ['015', null],
    ['01500', null],
    ['01 50', null],
    ['abcd', null],
    ['', null],
  ])('%j → %j', (text, expected) => expect(postcodeOf(text)).toBe(expected));
});

describe('cityFromAnswer', () => {
  const found: PostcodeAnswer = { status: 'found', postcode: '0150', place: 'OSLO' };
  it.each<[string, PostcodeAnswer, string, string | null]>([
    ['empty city: the place', found, '', 'OSLO'],
    ['another place: the postcode decides', found, 'Bergen', 'OSLO'],
    ['the same place in another case: left as written', found, ' Oslo ', null],
    ['unknown postcode: left', { status: 'unknown', postcode: '0000', message: 'x' }, 'Oslo', null],
    ['lookup failed: left', { status: 'unavailable', postcode: '0150' }, '', null],
    ['incomplete: left', { status: 'incomplete' }, 'Oslo', null],
  ])('%s', (_name, answer, city, expected) => expect(cityFromAnswer(answer, city)).toBe(expected));
});

describe('checkPostcode', () => {
  it.each<[string, PostcodeAnswer]>([
    ['0150', { status: 'found', postcode: '0150', place: 'OSLO' }],
    ['9999', { status: 'unknown', postcode: '9999', message: postcodeTexts.unknown }],
    ['015', { status: 'incomplete' }],
  ])('%j', async (text, expected) => {
    expect(await checkPostcode(text)).toEqual(expected);
  });

  it('the service down: unavailable, and nothing said', async () => {
    down = true;
    expect(await checkPostcode('0150')).toEqual({ status: 'unavailable', postcode: '0150' });
  });
});

describe('createPostcodeLookup', () => {
  const answers = () => {
    const seen: PostcodeAnswer[] = [];
    const lookup = createPostcodeLookup((a) => seen.push(a));
    return { seen, lookup };
  };

  it('each keystroke: nothing asked until four digits, then the place', async () => {
    const { seen, lookup } = answers();
    for (const text of ['0', '01', '015', '0150']) lookup.change(text);
    await expect.poll(() => seen.at(-1)).toEqual({ status: 'found', postcode: '0150', place: 'OSLO' });
    expect(asked).toEqual(['0150']);
  });

  it('a slow answer for an older text never overwrites the newer one (latest wins)', async () => {
    const { seen, lookup } = answers();
    lookup.change('5003');
    await expect.poll(() => held.has('5003')).toBe(true);
    lookup.change('0150');
    await expect.poll(() => seen.at(-1)).toEqual({ status: 'found', postcode: '0150', place: 'OSLO' });
    held.get('5003')!();
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.filter((a) => a.status === 'found').map((a) => (a as { place: string }).place)).toEqual(['OSLO']);
  });

  it('an unknown postcode says so at once; a known answer is not asked again', async () => {
    const { seen, lookup } = answers();
    lookup.change('9999');
    await expect.poll(() => seen.at(-1)).toEqual({ status: 'unknown', postcode: '9999', message: 'Ukjent postnummer' });
    lookup.change('999');
    expect(seen.at(-1)).toEqual({ status: 'incomplete' });
    lookup.change('9999');
    expect(seen.at(-1)).toEqual({ status: 'unknown', postcode: '9999', message: 'Ukjent postnummer' });
    expect(asked).toEqual(['9999']);
  });

  it('a failed lookup is asked again next time', async () => {
    const { seen, lookup } = answers();
    down = true;
    lookup.change('0150');
    await expect.poll(() => seen.at(-1)?.status).toBe('unavailable');
    down = false;
    lookup.change('015');
    lookup.change('0150');
    await expect.poll(() => seen.at(-1)).toEqual({ status: 'found', postcode: '0150', place: 'OSLO' });
    expect(asked).toEqual(['0150', '0150']);
  });
});
