import { describe, expect, it } from 'vitest';
import { SlugRegistry } from './slug.js';

describe('SlugRegistry', () => {
  it('keeps the first slug and appends -{id} to later duplicates', () => {
    const r = new SlugRegistry();
    expect(r.assign('Regnsett barn', 5)).toBe('regnsett-barn');
    expect(r.assign('Regnsett barn', 9)).toBe('regnsett-barn-9');
    expect(r.assign('REGNSETT barn', 12)).toBe('regnsett-barn-12');
  });

  it('never hands out a slug twice, even when a plain name looks like a suffixed one', () => {
    const r = new SlugRegistry();
    const a = r.assign('Lue', 7);
    const b = r.assign('Lue 7', 3);
    const c = r.assign('Lue', 7);
    expect(new Set([a, b, c]).size).toBe(3);
  });
});
