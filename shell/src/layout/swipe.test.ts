import { describe, expect, it } from 'vitest';
import { isLeftSwipe } from './swipe.js';

describe('isLeftSwipe (threshold: over 10 px combined)', () => {
  it.each([
    { case: '11 px left', end: { x: 89, y: 100 }, swipe: true },
    { case: 'exactly 10 px left', end: { x: 90, y: 100 }, swipe: false },
    { case: '8 px left and 7 px down: 10.6 px combined, mostly left', end: { x: 92, y: 107 }, swipe: true },
    { case: '60 px left, 20 px up', end: { x: 40, y: 80 }, swipe: true },
    { case: '60 px right', end: { x: 160, y: 100 }, swipe: false },
    { case: 'a vertical scroll with a little drift left', end: { x: 95, y: 160 }, swipe: false },
    { case: 'no movement (a tap)', end: { x: 100, y: 100 }, swipe: false },
  ])('$case → $swipe', ({ end, swipe }) => {
    expect(isLeftSwipe({ x: 100, y: 100 }, end)).toBe(swipe);
  });
});
