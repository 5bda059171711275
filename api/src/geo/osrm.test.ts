import { describe, expect, it } from 'vitest';
import { estimatedTable, greatCircleMetres, MAX_COORDINATES, OsrmQueryError, parseAnnotations, parseCoordinates, parseIndexes } from './osrm.js';

const OSLO: [number, number] = [10.7522, 59.9139];
const BERGEN: [number, number] = [5.3221, 60.3913];

describe('OSRM request parsing', () => {
  it('reads lon,lat pairs', () => expect(parseCoordinates('10.75,59.91;5.32,60.39')).toEqual([[10.75, 59.91], [5.32, 60.39]]));
  it.each(['10.75', '10.75,91', '181,59', 'abc,def', '10.75,59.91;', ''])('rejects %j', (text) => {
    expect(() => parseCoordinates(text)).toThrow(OsrmQueryError);
  });
  it(`up to ${MAX_COORDINATES} coordinates; more is OSRM's TooBig`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `10.${i},59.9`).join(';');
    expect(parseCoordinates(many(MAX_COORDINATES))).toHaveLength(MAX_COORDINATES);
    expect(() => parseCoordinates(many(MAX_COORDINATES + 1))).toThrow(expect.objectContaining({ code: 'TooBig' }));
    expect(() => parseCoordinates('x')).toThrow(expect.objectContaining({ code: 'InvalidQuery' }));
  });
  it('indexes: all, list, out of range', () => {
    expect(parseIndexes(undefined, 3, 'sources')).toEqual([0, 1, 2]);
    expect(parseIndexes('2;0', 3, 'sources')).toEqual([2, 0]);
    expect(() => parseIndexes('3', 3, 'sources')).toThrow(OsrmQueryError);
  });
  it('annotations', () => {
    expect(parseAnnotations(undefined)).toEqual({ duration: true, distance: false });
    expect(parseAnnotations('duration,distance')).toEqual({ duration: true, distance: true });
    expect(() => parseAnnotations('speed')).toThrow(OsrmQueryError);
  });
});

describe('estimatedTable', () => {
  it('Oslo–Bergen: ~305 km great circle, × 1.3 on the road, at 70 km/h', () => {
    expect(Math.round(greatCircleMetres(OSLO, BERGEN) / 1000)).toBe(305);
    const t = estimatedTable([OSLO, BERGEN], [0], [0, 1], { duration: true, distance: true });
    expect(t.distances![0]![0]).toBe(0);
    expect(t.distances![0]![1]! / 1000).toBeCloseTo(305 * 1.3, -1);
    expect(t.durations![0]![1]).toBeCloseTo(t.distances![0]![1]! / (70 / 3.6), 0);
    expect(t.fallback_speed_cells).toEqual([[0, 1]]);
    expect(t.sources).toEqual([{ name: '', location: OSLO, distance: 0, hint: '' }]);
  });
});
