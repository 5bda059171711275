// @vitest-environment happy-dom
import { createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $favourites, favouriteToggled } from '@shop/contracts/bus';
import { FavouriteButton } from './FavouriteButton.js';

// What the catalogue asks of the bus: the account model owns the list, the catalogue only fires the event.
const $toggled = createStore<number[]>([]).on(favouriteToggled, (list, id) => [...list, id]);

function renderButton(favourites: number[]) {
  const scope = fork({ values: [[$favourites, favourites]] });
  render(
    <Provider value={scope}>
      <FavouriteButton articleId={7} name="Ullgenser Fjellvind" />
    </Provider>,
  );
  return scope;
}

describe('FavouriteButton', () => {
  it.each([
    [[], false, 'Legg Ullgenser Fjellvind til i favoritter'],
    [[3, 7], true, 'Fjern Ullgenser Fjellvind fra favoritter'],
  ])('favourites %j → pressed %s, named "%s"', (favourites, pressed, name) => {
    renderButton(favourites);
    const button = screen.getByRole('button', { name });
    expect(button.getAttribute('aria-pressed')).toBe(String(pressed));
  });

  it('fires favouriteToggled with the article id', () => {
    const scope = renderButton([]);
    fireEvent.click(screen.getByRole('button'));
    expect(scope.getState($toggled)).toEqual([7]);
  });
});
