import { describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './firstInteraction.js';

describe('onFirstInteraction', () => {
  it.each(['pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin', 'storage'])('runs once, on the first %s', (type) => {
    const target = new EventTarget() as unknown as Window;
    const run = vi.fn();
    onFirstInteraction(run, target);
    expect(run).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event('keydown'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('ignores what is not an interaction', () => {
    const target = new EventTarget() as unknown as Window;
    const run = vi.fn();
    onFirstInteraction(run, target);
    target.dispatchEvent(new Event('load'));
    target.dispatchEvent(new Event('resize'));
    expect(run).not.toHaveBeenCalled();
  });
});
