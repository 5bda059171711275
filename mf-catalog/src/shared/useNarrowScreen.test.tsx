import { renderToString } from 'react-dom/server';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { describe, expect, it } from 'vitest';
import { $viewportWidth } from '@shop/contracts/ssr';
import { useNarrowScreen } from './useNarrowScreen.js';

function Layout() {
  return <p>{useNarrowScreen() ? 'phone' : 'wide'}</p>;
}

/** What the server (and so the hydration render) draws for the shell's width guess. */
const serverRender = (width: number) =>
  renderToString(
    <Provider value={fork({ values: [[$viewportWidth, width]] })}>
      <Layout />
    </Provider>,
  );

describe('useNarrowScreen on the server and in the hydration render', () => {
  it.each([
    [360, 'phone'],
    [1019, 'phone'],
    [1020, 'wide'],
    [1280, 'wide'],
  ])('the shell guessed %i px: %s', (width, expected) => {
    expect(serverRender(width)).toContain(`>${expected}<`);
  });
});
