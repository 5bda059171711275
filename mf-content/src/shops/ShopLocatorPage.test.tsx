// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { describe, expect, it } from 'vitest';
import { mapShop } from '@shop/contracts/mappers';
import { $pageHydrated } from '@shop/contracts/ssr';
import { rawShop } from '@shop/contracts/testing';
import ShopLocatorPage, { type ShopsLoaded } from './ShopLocatorPage.js';

const lillehammer = mapShop(rawShop());
const oslo = mapShop(rawShop({ ShopID: 1, Name: 'Staut Oslo', Latitude: 59.9133, Longitude: 10.7389 }));
const NOW = new Date('2026-11-23T12:00:00+01:00');

const loaded = (overrides: Partial<ShopsLoaded> = {}): ShopsLoaded => ({
  shops: [lillehammer, oslo],
  renderedAt: NOW.toISOString(),
  postcode: '',
  from: null,
  problem: null,
  ...overrides,
});

/** The page as the server renders it: its scope says the page has not hydrated. */
function serverHtml(url: string, loaderData: ShopsLoaded): HTMLElement {
  const scope = fork({ values: [[$pageHydrated, false]] });
  const html = renderToString(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[url]}>
        <ShopLocatorPage now={NOW} loaderData={loaderData} />
      </MemoryRouter>
    </Provider>,
  );
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const names = (root: HTMLElement) => within(root).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the shop locator before hydration (server markup)', () => {
  it('is a plain GET form to /butikker?postnummer=…, and the position button, which needs the code, is disabled', () => {
    const root = serverHtml('/butikker', loaded());
    const form = root.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/butikker');
    expect(within(form).getByRole('textbox', { name: 'Postnummer' }).getAttribute('name')).toBe('postnummer');
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Sorter etter avstand' }).disabled).toBe(false);
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Bruk min posisjon' }).disabled).toBe(true);
  });

  it('lists the shops nearest the postcode the loader looked up, with distances and the postcode in the field', () => {
    const root = serverHtml('/butikker?postnummer=0150', loaded({ postcode: '0150', from: { latitude: 59.9076, longitude: 10.7513 } }));
    expect(names(root)).toEqual(['Staut Oslo', 'Staut Lillehammer']);
    expect(within(root).getAllByText(/ unna$/)).toHaveLength(2);
    expect(within(root).getByRole<HTMLInputElement>('textbox', { name: 'Postnummer' }).value).toBe('0150');
    expect(within(root).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['invalid', '12', 'Skriv et postnummer med fire sifre.'],
    ['unknown', '0000', 'Fant ikke postnummeret.'],
  ] as const)('says why a postcode sorts nothing (%s)', (problem, postcode, text) => {
    const root = serverHtml(`/butikker?postnummer=${postcode}`, loaded({ postcode, problem }));
    expect(within(root).getByRole('alert').textContent).toBe(text);
    expect(names(root)).toEqual(['Staut Lillehammer', 'Staut Oslo']);
  });
});

describe('the shop locator once the page runs', () => {
  it('enables the position button', () => {
    render(
      <MemoryRouter initialEntries={['/butikker']}>
        <ShopLocatorPage now={NOW} loaderData={loaded()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Bruk min posisjon' }).disabled).toBe(false);
  });
});
