// @vitest-environment node
/**
 * shopsByRoadDistance against a real HTTP server that answers the table like the API does: at most
 * OSRM_MAX_COORDINATES points, 400 TooBig beyond (as osrm-routed answers beyond --max-table-size).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl, setCsrfTokenSource } from '@shop/contracts/api';
import { OSRM_MAX_COORDINATES } from '@shop/contracts/constants';
import { mapShop } from '@shop/contracts/mappers';
import { rawShop } from '@shop/contracts/testing';
import type { Shop } from '@shop/contracts/types';
import { shopsByRoadDistance } from './position.js';

const OSLO = { lat: 59.9139, lng: 10.7522 };
/** Road metres the fake answers for a shop at `lat`: unlike any straight line, so the test sees who computed them. */
const road = (lat: number) => Math.round((lat - 50) * 1_000_000);

let server: Server;
const tables: number[] = [];
let failWith: number | null = null;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://api');
    const points = decodeURIComponent(url.pathname.replace('/api/v1/osrm/table/v1/car/', '')).split(';').map((p) => p.split(',').map(Number));
    tables.push(points.length);
    res.setHeader('content-type', 'application/json');
    if (failWith) {
      res.statusCode = failWith;
      return res.end(JSON.stringify({ code: 'Error', message: 'down' }));
    }
    if (points.length > OSRM_MAX_COORDINATES) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ code: 'TooBig', message: 'For mange koordinater' }));
    }
    const destinations = url.searchParams.get('destinations')!.split(';').map(Number);
    res.end(JSON.stringify({ code: 'Ok', distances: [destinations.map((d) => road(points[d]![1]!))] }));
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
  tables.length = 0;
  failWith = null;
});

/** `count` shops, the farther north the later in the list, but listed in reverse so that sorting shows. */
function shops(count: number): Shop[] {
  return Array.from({ length: count }, (_, i) => mapShop(rawShop({ ShopID: i + 1, Name: `Butikk ${i + 1}`, Latitude: 60 + i / 100, Longitude: 10.75 }))).reverse();
}

describe('shopsByRoadDistance', () => {
  it.each([1, 15, OSRM_MAX_COORDINATES - 1, OSRM_MAX_COORDINATES, 250])('%i shops: every shop gets its road distance, nearest first', async (count) => {
    const sorted = await shopsByRoadDistance(OSLO, shops(count));
    expect(sorted.map((s) => s.id)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(sorted.map((s) => s.distance)).toEqual(sorted.map((s) => road(s.coords.latitude)));
    // Never a table over the cap: the origin plus at most OSRM_MAX_COORDINATES - 1 shops each.
    expect(Math.max(...tables)).toBeLessThanOrEqual(OSRM_MAX_COORDINATES);
    expect(tables).toHaveLength(Math.ceil(count / (OSRM_MAX_COORDINATES - 1)));
  });

  it('the table failing: straight lines for every shop, still nearest first', async () => {
    failWith = 502;
    const sorted = await shopsByRoadDistance(OSLO, shops(3));
    expect(sorted.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(sorted[0]!.distance).toBeGreaterThan(9_000);
    expect(sorted[0]!.distance).toBeLessThan(10_000);
  });
});
