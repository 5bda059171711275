import { describe, expect, it } from 'vitest';
import { chance, hashSeed, int, mulberry32, pick, rngFor, sample, shuffle, weightedPick } from './prng.js';

describe('mulberry32', () => {
  it('is a pure function of its seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
  });

  it('matches the published mulberry32 reference values (a changed generator would change the whole shop)', () => {
    const r = mulberry32(1);
    expect([r(), r(), r()].map((x) => x.toFixed(10))).toEqual(['0.6270739406', '0.0027357212', '0.5274470400']);
  });

  it('stays in [0, 1) and is roughly uniform', () => {
    const r = mulberry32(7);
    const buckets = new Array(10).fill(0);
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = r();
      min = Math.min(min, x);
      max = Math.max(max, x);
      buckets[Math.floor(x * 10)]++;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    for (const n of buckets) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });

  it('gives different streams for different seeds', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
    expect(hashSeed('article', 1)).not.toBe(hashSeed('article', 2));
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(rngFor(5, 'x')()).toBe(rngFor(5, 'x')());
  });
});

describe('helpers', () => {
  it.each([
    [0, 0],
    [1, 6],
    [-3, 3],
    [100, 105],
  ])('int(%i, %i) stays inside the bounds and reaches both', (min, max) => {
    const r = mulberry32(min * 31 + max);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = int(r, min, max);
      expect(Number.isInteger(x)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(min);
      expect(x).toBeLessThanOrEqual(max);
      seen.add(x);
    }
    expect(seen.size).toBe(max - min + 1);
  });

  it('chance(p) hits about p of the time', () => {
    const r = mulberry32(3);
    let hits = 0;
    for (let i = 0; i < 20_000; i++) if (chance(r, 0.05)) hits++;
    expect(hits / 20_000).toBeCloseTo(0.05, 2);
  });

  it('shuffle is a permutation and leaves its input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = shuffle(mulberry32(9), input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort((a, b) => a - b)).toEqual(input);
  });

  it('sample returns distinct items', () => {
    const out = sample(mulberry32(11), ['a', 'b', 'c', 'd'], 3);
    expect(new Set(out).size).toBe(3);
    expect(sample(mulberry32(11), ['a'], 5)).toEqual(['a']);
  });

  it('pick and weightedPick only return members; a zero weight is never picked', () => {
    const r = mulberry32(13);
    for (let i = 0; i < 500; i++) {
      expect(['x', 'y']).toContain(pick(r, ['x', 'y']));
      expect(weightedPick(r, [1, 2, 3], (n) => (n === 2 ? 0 : 1))).not.toBe(2);
    }
    expect(() => pick(r, [])).toThrow();
  });
});
