import { SWIPE_THRESHOLD_PX } from '@shop/contracts/constants';

export interface Point {
  x: number;
  y: number;
}

/**
 * SPEC §2: a left swipe closes the mobile menu when the combined movement is over 10 px. "Combined" is the length of
 * the movement (horizontal and vertical together); "left" means it goes more leftwards than up or down, so scrolling
 * the menu's list vertically never closes it.
 */
export function isLeftSwipe(start: Point, end: Point, threshold: number = SWIPE_THRESHOLD_PX): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return dx < 0 && Math.abs(dx) > Math.abs(dy) && Math.hypot(dx, dy) > threshold;
}
