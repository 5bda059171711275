import { describe, expect, it } from 'vitest';
import { merchantReference, reservationOfReference } from './reference.js';

describe('merchant references', () => {
  it('are unique, fit Qliro (≤ 25, [A-Za-z0-9_-]) and lead back to the reservation', () => {
    const refs = new Set(Array.from({ length: 200 }, () => merchantReference(2147483647)));
    expect(refs.size).toBe(200);
    for (const ref of refs) {
      expect(ref).toMatch(/^[A-Za-z0-9_-]{1,25}$/);
      expect(reservationOfReference(ref)).toBe(2147483647);
    }
  });
  it.each([
    ['12-abcdef', 12],
    ['12', null],
    ['12-ABCDEF', null],
    ['x-abcdef', null],
    ['', null],
  ])('%s → %s', (ref, id) => expect(reservationOfReference(ref)).toBe(id));
});
