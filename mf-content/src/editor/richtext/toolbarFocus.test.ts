import { describe, expect, it } from 'vitest';
import { nextToolbarFocus } from './toolbarFocus.js';

describe('nextToolbarFocus', () => {
  it.each([
    ['ArrowRight', 0, 12, 1],
    ['ArrowRight from the last wraps to the first', 11, 12, 0],
    ['ArrowLeft', 5, 12, 4],
    ['ArrowLeft from the first wraps to the last', 0, 12, 11],
    ['Home', 7, 12, 0],
    ['End', 2, 12, 11],
    ['Tab is not the toolbar’s', 3, 12, null],
    ['Enter presses the button', 3, 12, null],
    ['ArrowDown is not a toolbar key in a horizontal toolbar', 3, 12, null],
    ['an empty toolbar', 0, 0, null],
  ] as const)('%s', (name, current, count, expected) => {
    expect(nextToolbarFocus(name.split(' ')[0]!, current, count)).toBe(expected);
  });
});
