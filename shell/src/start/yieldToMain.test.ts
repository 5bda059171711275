import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yieldToMain.js';

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves only after tasks already queued (a macrotask, not a microtask)', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('after yield');
    expect(order).toEqual(['queued task', 'after yield']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});
