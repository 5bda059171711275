import { getOsrmTable, getPostalCode } from '@shop/contracts/api';
import { OSRM_MAX_COORDINATES } from '@shop/contracts/constants';
import type { LatLng, Shop } from '@shop/contracts/types';
import { haversineMetres, shopPosition, sortByDistance } from './rules.js';

/** SPEC §8 position error: code and message of a failed position lookup. */
export class PositionError extends Error {
  constructor(
    readonly code: number | 'NO_POSITION' | 'UNKNOWN_POSTCODE',
    message: string,
  ) {
    super(message);
    this.name = 'PositionError';
  }
}

/** Coordinates of a postcode (GET /postalcodes/{zip}); a code without a position is a position error. */
export async function positionOfPostcode(postcode: string): Promise<LatLng> {
  let found;
  try {
    found = await getPostalCode(postcode);
  } catch {
    throw new PositionError('UNKNOWN_POSTCODE', postcode);
  }
  if (found.lat === null || found.lng === null) throw new PositionError('UNKNOWN_POSTCODE', postcode);
  return { lat: found.lat, lng: found.lng };
}

/** The browser's position; no geolocation support or a refusal is a position error (code and message). */
export function browserPosition(geolocation: Geolocation | null = globalThis.navigator?.geolocation ?? null): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) return reject(new PositionError('NO_POSITION', 'Geolocation is not available'));
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new PositionError(error.code, error.message)),
      { timeout: 15_000, maximumAge: 300_000 },
    );
  });
}

/**
 * Shops nearest first by road distance (OSRM table from the origin to every shop). A table holds at most
 * OSRM_MAX_COORDINATES points (the origin and the shops), so a longer shop list is asked in chunks, at once. Should a
 * table fail, the great-circle distance still gives a sensible order (for every shop, so that no list mixes the two).
 */
export async function shopsByRoadDistance(origin: LatLng, shops: Shop[]): Promise<Shop[]> {
  if (shops.length === 0) return [];
  const perTable = OSRM_MAX_COORDINATES - 1;
  const chunks = Array.from({ length: Math.ceil(shops.length / perTable) }, (_, i) => shops.slice(i * perTable, (i + 1) * perTable));
  try {
    const rows = await Promise.all(chunks.map((chunk) => roadDistances(origin, chunk)));
    if (rows.every((row) => row !== null)) return sortByDistance(shops, rows.flat());
  } catch {
    // fall through to the great-circle order
  }
  return sortByDistance(shops, shops.map((shop) => Math.round(haversineMetres(origin, shopPosition(shop)))));
}

/** Metres by road from `origin` to each shop (one table), or null when the answer does not fit the question. */
async function roadDistances(origin: LatLng, shops: Shop[]): Promise<Array<number | null> | null> {
  const table = await getOsrmTable([origin, ...shops.map(shopPosition)], {
    annotations: 'distance',
    sources: [0],
    destinations: shops.map((_, i) => i + 1),
  });
  const row = table.distances?.[0];
  return table.code === 'Ok' && row && row.length === shops.length ? row : null;
}
