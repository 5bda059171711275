import { formatDecimal } from '@shop/contracts/format';

/** Great-circle distance in metres (the locator sorts shops by it; the API's OSRM table is for driving distances). */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMetres(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Shops nearest first; shops without a known distance (null) keep their order at the end. */
export function sortByDistance<T extends { coords: Point }>(shops: T[], from: Point | null): Array<T & { distance: number | null }> {
  const withDistance = shops.map((s) => ({ ...s, distance: from ? distanceMetres(from, s.coords) : null }));
  if (!from) return withDistance;
  return withDistance.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
}

/** "850 m", "12 km", "1 234 km" (nb-NO grouping). */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  const km = metres < 10_000 ? Math.round(metres / 100) / 10 : Math.round(metres / 1000);
  return `${formatDecimal(km, 0, 1)} km`;
}
