/** OSRM table (proxy + estimate) and address search (Kartverket client + offline fallback), on every test database. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RawAddressSearch } from '@shop/contracts/types';
import { addressTexts } from '@shop/contracts/texts/forms';
import * as s from '../../src/db/schema.js';
import { MAX_COORDINATES } from '../../src/geo/osrm.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

/** The fake's --max-table-size: osrm-routed's default (100), lowered by one test. */
let fakeOsrmMaxTableSize = 100;

/** `count` points from Oslo northwards, printed at full double precision as a browser's JS would send them. */
function points(count: number): string {
  return Array.from({ length: count }, (_, i) => `${10.752245 + i / 3},${59.913868 + i / 7}`).join(';');
}

/** A small server speaking the OSRM table and Kartverket search contracts, recording what it was asked. */
let service: Server;
let serviceUrl = '';
const asked: string[] = [];
beforeAll(async () => {
  service = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/table/v1/car/')) {
      const url = new URL(req.url, 'http://osrm');
      const count = url.pathname.slice('/table/v1/car/'.length).split(';').length;
      if (count > fakeOsrmMaxTableSize) {
        // What osrm-routed answers beyond --max-table-size.
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 'TooBig', message: 'Too many table coordinates' }));
        return;
      }
      const indexes = (name: string) => url.searchParams.get(name)?.split(';').map(Number) ?? Array.from({ length: count }, (_, i) => i);
      // Every cell 123.4 m (0 on the diagonal): a distance the estimate never gives, so the answer shows who computed it.
      const distances = indexes('sources').map((s) => indexes('destinations').map((d) => (s === d ? 0 : 123.4)));
      res.end(JSON.stringify({ code: 'Ok', distances, sources: [{ location: [10.75, 59.91] }], destinations: [] }));
    } else {
      res.end(JSON.stringify({
        metadata: { totaltAntallTreff: 1 },
        adresser: [{
          adressetekst: 'Karl Johans gate 1', adressenavn: 'Karl Johans gate', nummer: 1, bokstav: '', postnummer: '0154',
          poststed: 'OSLO', kommunenavn: 'OSLO', representasjonspunkt: { epsg: 'EPSG:4258', lat: 59.9111, lon: 10.7503 },
        }],
      }));
    }
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));
afterEach(() => {
  delete process.env.OSRM_URL;
  delete process.env.KARTVERKET_URL;
  asked.length = 0;
});

describe.each(testDatabaseKinds())('geo on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string) => t().app.inject({ method: 'GET', url: `/api/v1${url}` });

  describe('GET /osrm/table/v1/car/{coords}', () => {
    it('estimates in OSRM shape without OSRM_URL (× 1.3 road factor, 70 km/h)', async () => {
      const res = await get('/osrm/table/v1/car/10.7522,59.9139;5.3221,60.3913;10.3951,63.4305?sources=0&annotations=duration,distance');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe('Ok');
      expect(body.distances).toHaveLength(1);
      expect(body.distances[0]).toHaveLength(3);
      expect(body.distances[0][0]).toBe(0);
      expect(Math.round(body.distances[0][1] / 1000)).toBe(Math.round(305.2 * 1.3));
      expect(body.durations[0][1]).toBeCloseTo(body.distances[0][1] / (70 / 3.6), 0);
      expect(body.sources).toEqual([{ name: '', location: [10.7522, 59.9139], distance: 0, hint: '' }]);
      expect(body.destinations).toHaveLength(3);
      expect(body.fallback_speed_cells).toEqual([[0, 1], [0, 2]]);
    });

    it('only the asked annotation', async () => {
      const body = (await get('/osrm/table/v1/car/10.75,59.91;5.32,60.39?annotations=distance')).json();
      expect(body.distances).toHaveLength(2);
      expect(body.durations).toBeUndefined();
    });

    it.each([
      '/osrm/table/v1/car/10.75;5.32,60.39',
      '/osrm/table/v1/car/10.75,95;5.32,60.39',
      '/osrm/table/v1/car/10.75,59.91;5.32,60.39?sources=2',
      '/osrm/table/v1/car/10.75,59.91;5.32,60.39?annotations=speed',
    ])('400 for %s', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('InvalidQuery');
    });

    // Checkout asks for the shopper + every shop (15): the path grew past Fastify's 100-character parameter limit at
    // 7 points and the route answered 404, so the shopper only ever saw straight lines.
    it.each([2, 8, 16, MAX_COORDINATES])('%i coordinates at full precision: the estimate answers', async (count) => {
      const res = await get(`/osrm/table/v1/car/${points(count)}?sources=0&annotations=distance`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.distances).toHaveLength(1);
      expect(body.distances[0]).toHaveLength(count);
      expect(body.distances[0][1]).toBeGreaterThan(0);
    });

    it.each([2, 8, 16, MAX_COORDINATES])('%i coordinates: OSRM_URL answers', async (count) => {
      process.env.OSRM_URL = serviceUrl;
      const destinations = Array.from({ length: count - 1 }, (_, i) => i + 1).join(';');
      const res = await get(`/osrm/table/v1/car/${points(count)}?sources=0&destinations=${destinations}&annotations=distance`);
      expect(res.statusCode).toBe(200);
      expect(res.json().distances).toEqual([Array.from({ length: count - 1 }, () => 123.4)]);
      expect(asked).toEqual([`/table/v1/car/${points(count)}?sources=0&destinations=${encodeURIComponent(destinations)}&annotations=distance`]);
    });

    it('over real HTTP too (the browser path: Node parses the request line, then the router)', async () => {
      const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/api/v1/osrm/table/v1/car/${points(16)}?sources=0&annotations=distance`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { distances: number[][] }).distances[0]).toHaveLength(16);
    });

    it.each([
      ['without OSRM_URL', () => undefined],
      ['with OSRM_URL (never asked)', () => serviceUrl],
    ])(`more than ${MAX_COORDINATES} coordinates: a clear 400 %s`, async (_name, url) => {
      const osrm = url();
      if (osrm) process.env.OSRM_URL = osrm;
      const res = await get(`/osrm/table/v1/car/${points(MAX_COORDINATES + 1)}?sources=0&annotations=distance`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'TooBig', message: `For mange koordinater: høyst ${MAX_COORDINATES} i én tabell` });
      expect(asked).toEqual([]);
    });

    it('a smaller --max-table-size on the OSRM server: its 400 TooBig passes through', async () => {
      process.env.OSRM_URL = serviceUrl;
      fakeOsrmMaxTableSize = 10;
      try {
        const res = await get(`/osrm/table/v1/car/${points(11)}?sources=0&annotations=distance`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 'TooBig', message: 'Too many table coordinates' });
      } finally {
        fakeOsrmMaxTableSize = 100;
      }
    });

    it('proxies to OSRM_URL when set, and falls back when it is down', async () => {
      process.env.OSRM_URL = serviceUrl;
      const res = await get('/osrm/table/v1/car/10.75,59.91;5.32,60.39?sources=0&destinations=1&annotations=distance');
      expect(res.json().distances).toEqual([[123.4]]);
      expect(asked).toEqual(['/table/v1/car/10.75,59.91;5.32,60.39?sources=0&destinations=1&annotations=distance']);
      process.env.OSRM_URL = 'http://127.0.0.1:1';
      const fallback = (await get('/osrm/table/v1/car/10.75,59.91;5.32,60.39?annotations=distance')).json();
      expect(fallback.fallback_speed_cells).toEqual([[0, 1], [1, 0]]);
    });
  });

  describe('GET /geo/addresses', () => {
    it('setup: streets', async () => {
      await t().db.insert(s.streets).values([
        { postNo: '0150', name: 'Karl Johans gate' },
        { postNo: '0150', name: 'St. Olavs gate' },
        { postNo: '5003', name: 'Karl Johans gate' },
      ]);
    });

    it('no house number → 422 ADDRESS_NOT_FOUND with the SPEC text', async () => {
      const res = await get(`/geo/addresses?sok=${encodeURIComponent('Karl Johans gate')}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 'ADDRESS_NOT_FOUND', message: addressTexts.noHouseNumber });
    });

    it('offline: street + postcode from the tables, punctuation-insensitive, postcode filter', async () => {
      const all = (await get(`/geo/addresses?sok=${encodeURIComponent('karl johans gate 12b')}`)).json<RawAddressSearch>();
      expect(all.adresser.map((a) => [a.adressetekst, a.nummer, a.bokstav, a.postnummer, a.poststed])).toEqual([
        ['Karl Johans gate 12B', 12, 'B', '0150', 'OSLO'],
        ['Karl Johans gate 12B', 12, 'B', '5003', 'BERGEN'],
      ]);
      expect(all.adresser[0]!.representasjonspunkt).toEqual({ lat: 59.9089, lon: 10.7477 });
      const olav = (await get(`/geo/addresses?sok=${encodeURIComponent('St Olavs gate 3')}&postnummer=0150`)).json<RawAddressSearch>();
      expect(olav.adresser.map((a) => a.adressenavn)).toEqual(['St. Olavs gate']);
    });

    it('nothing found → an empty list (the client shows "Ingen addresser funnet")', async () => {
      const res = await get(`/geo/addresses?sok=${encodeURIComponent('Finnesikkeveien 1')}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ adresser: [] });
    });

    it('asks Kartverket when KARTVERKET_URL is set (contract fields only); falls back when it is down', async () => {
      process.env.KARTVERKET_URL = serviceUrl;
      const res = (await get(`/geo/addresses?sok=${encodeURIComponent('Karl Johans gate 1')}&postnummer=0154`)).json<RawAddressSearch>();
      expect(res.adresser).toEqual([{
        adressetekst: 'Karl Johans gate 1', adressenavn: 'Karl Johans gate', nummer: 1, bokstav: '', postnummer: '0154',
        poststed: 'OSLO', representasjonspunkt: { lat: 59.9111, lon: 10.7503 },
      }]);
      const url = new URL(asked[0]!, serviceUrl);
      expect(url.pathname).toBe('/adresser/v1/sok');
      expect(url.searchParams.get('sok')).toBe('Karl Johans gate 1');
      expect(url.searchParams.get('postnummer')).toBe('0154');
      process.env.KARTVERKET_URL = 'http://127.0.0.1:1';
      const offline = (await get(`/geo/addresses?sok=${encodeURIComponent('Karl Johans gate 1')}&postnummer=0150`)).json<RawAddressSearch>();
      expect(offline.adresser.map((a) => a.postnummer)).toEqual(['0150']);
    });
  });
});
