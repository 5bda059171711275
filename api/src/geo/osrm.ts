/**
 * OSRM table service: the request parsing and the offline answer. With OSRM_URL set the route proxies to a real
 * OSRM server; otherwise (or when it is unreachable) it answers the same JSON shape from great-circle distance ×
 * ROAD_FACTOR at AVERAGE_SPEED_KMH. The factor 1.3 is the usual detour index of Norwegian roads between towns
 * (fjords make it higher in the west); 70 km/h is a mixed-road average. Every estimated cell is listed in
 * `fallback_speed_cells`, as OSRM does for cells it had to estimate.
 */
import { OSRM_MAX_COORDINATES } from '@shop/contracts/constants';

export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 70;
/** The documented cap (OSRM's default --max-table-size); more is a 400 TooBig, as osrm-routed answers. */
export const MAX_COORDINATES = OSRM_MAX_COORDINATES;
/**
 * Longest coordinate text the route reads: MAX_COORDINATES pairs at full double precision as JavaScript prints them
 * ("-179.12345678901234,-89.123456789012345;" is 40 characters) with room to spare, far below Node's 16 kB header limit.
 */
export const MAX_COORDINATES_TEXT = MAX_COORDINATES * 50;
const EARTH_RADIUS_M = 6_371_008.8;

export type Coordinate = [lon: number, lat: number];

/** A table query OSRM would refuse; `code` is OSRM's own error code (InvalidQuery, TooBig). */
export class OsrmQueryError extends Error {
  constructor(
    message: string,
    readonly code: 'InvalidQuery' | 'TooBig' = 'InvalidQuery',
  ) {
    super(message);
  }
}

export function parseCoordinates(text: string): Coordinate[] {
  const parts = text.split(';');
  if (parts.length > MAX_COORDINATES) throw new OsrmQueryError(`For mange koordinater: høyst ${MAX_COORDINATES} i én tabell`, 'TooBig');
  return parts.map((part) => {
    const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(part.trim());
    const lon = m ? Number(m[1]) : NaN;
    const lat = m ? Number(m[2]) : NaN;
    if (!m || lon < -180 || lon > 180 || lat < -90 || lat > 90) throw new OsrmQueryError(`Ugyldig koordinat: ${part}`);
    return [lon, lat] as Coordinate;
  });
}

/** `all` (default) or indexes joined by ";", each below `count`. */
export function parseIndexes(value: string | undefined, count: number, name: string): number[] {
  if (value === undefined || value === '' || value === 'all') return Array.from({ length: count }, (_, i) => i);
  return value.split(';').map((v) => {
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (!(n >= 0 && n < count)) throw new OsrmQueryError(`Ugyldig indeks i ${name}: ${v}`);
    return n;
  });
}

export function parseAnnotations(value: string | undefined): { duration: boolean; distance: boolean } {
  const parts = (value ?? 'duration').split(',');
  if (parts.some((p) => p !== 'duration' && p !== 'distance')) throw new OsrmQueryError(`Ugyldig annotations: ${value}`);
  return { duration: parts.includes('duration'), distance: parts.includes('distance') };
}

export function greatCircleMetres([lon1, lat1]: Coordinate, [lon2, lat2]: Coordinate): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

const tenth = (n: number) => Math.round(n * 10) / 10;

export interface OsrmTable {
  code: 'Ok';
  durations?: number[][];
  distances?: number[][];
  sources: Array<{ name: string; location: Coordinate; distance: number; hint: string }>;
  destinations: Array<{ name: string; location: Coordinate; distance: number; hint: string }>;
  fallback_speed_cells: Array<[number, number]>;
}

export function estimatedTable(
  coords: Coordinate[],
  sources: number[],
  destinations: number[],
  annotations: { duration: boolean; distance: boolean },
): OsrmTable {
  const metres = sources.map((s) => destinations.map((d) => (s === d ? 0 : greatCircleMetres(coords[s]!, coords[d]!) * ROAD_FACTOR)));
  const speed = (AVERAGE_SPEED_KMH * 1000) / 3600;
  const waypoint = (i: number) => ({ name: '', location: coords[i]!, distance: 0, hint: '' });
  const cells: Array<[number, number]> = [];
  sources.forEach((s, i) => destinations.forEach((d, j) => s !== d && cells.push([i, j])));
  return {
    code: 'Ok',
    ...(annotations.duration ? { durations: metres.map((row) => row.map((m) => tenth(m / speed))) } : {}),
    ...(annotations.distance ? { distances: metres.map((row) => row.map(tenth)) } : {}),
    sources: sources.map(waypoint),
    destinations: destinations.map(waypoint),
    fallback_speed_cells: cells,
  };
}
