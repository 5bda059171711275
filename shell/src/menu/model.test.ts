import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { viewportMeasured } from '../layout/viewport.js';
import { navigated } from '../routing/model.js';
import { $menuOpen, menuClosed, menuToggled } from './model.js';

describe('menu open state', () => {
  it('toggles (the cross state follows the same flag) and closes', async () => {
    const scope = fork();
    await allSettled(menuToggled, { scope });
    expect(scope.getState($menuOpen)).toBe(true);
    await allSettled(menuToggled, { scope });
    expect(scope.getState($menuOpen)).toBe(false);
    await allSettled(menuToggled, { scope });
    await allSettled(menuClosed, { scope });
    expect(scope.getState($menuOpen)).toBe(false);
  });

  it('closes on navigation', async () => {
    const scope = fork();
    await allSettled(menuToggled, { scope });
    await allSettled(navigated, { scope, params: { pathname: '/herre', search: '', hash: '', type: 'PUSH' } });
    expect(scope.getState($menuOpen)).toBe(false);
  });

  it('closes when the window grows into the desktop layout', async () => {
    const scope = fork();
    await allSettled(viewportMeasured, { scope, params: 375 });
    await allSettled(menuToggled, { scope });
    await allSettled(viewportMeasured, { scope, params: 400 });
    expect(scope.getState($menuOpen)).toBe(true);
    await allSettled(viewportMeasured, { scope, params: 1280 });
    expect(scope.getState($menuOpen)).toBe(false);
  });
});
