// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListingFilters } from './clientFilters.js';
import { activeFilterCount, FilterPanel, type FilterOptions } from './FilterPanel.js';

const options: FilterOptions = {
  colorGroups: [
    { id: 1, label: 'Blå', name: 'blue', hex: '#1d3557', colorId: 1 },
    { id: 2, label: 'Rød', name: 'red', hex: '#c0392b', colorId: 2 },
  ],
  genders: [{ id: 1, name: 'Herre' }],
  brands: ['Staut', 'Åsgard'],
  shops: [{ value: 3, label: 'Staut Bergen' }],
  priceRange: { min: 19900, max: 249900 },
};

function renderPanel(filters: ListingFilters) {
  const onChange = vi.fn<(f: ListingFilters) => void>();
  render(<FilterPanel filters={filters} options={options} onChange={onChange} />);
  return onChange;
}

describe('FilterPanel', () => {
  it('toggles list filters by id and brands by name', () => {
    const onChange = renderPanel({ colors: [1] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rød' }));
    expect(onChange).toHaveBeenLastCalledWith({ colors: [1, 2] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blå' }));
    expect(onChange).toHaveBeenLastCalledWith({ colors: [] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Åsgard' }));
    expect(onChange).toHaveBeenLastCalledWith({ colors: [1], brands: ['Åsgard'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Staut Bergen' }));
    expect(onChange).toHaveBeenLastCalledWith({ colors: [1], shops: [3] });
  });

  it('applies a price range in kroner as øre, both bounds, either one open', () => {
    const onChange = renderPanel({});
    fireEvent.change(screen.getByRole('textbox', { name: 'Fra (kr)' }), { target: { value: '200' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Til (kr)' }), { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bruk pris' }));
    expect(onChange).toHaveBeenLastCalledWith({ price: { min: 20000, max: 80000 } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Til (kr)' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bruk pris' }));
    expect(onChange).toHaveBeenLastCalledWith({ price: { min: 20000, max: Number.MAX_SAFE_INTEGER } });
  });

  it('shows the active filters as chips that remove them, and clears all', () => {
    const onChange = renderPanel({ colors: [2], brands: ['Staut'], price: { min: 20000, max: 80000 } });
    fireEvent.click(screen.getByRole('button', { name: 'Fjern filteret Rød' }));
    expect(onChange).toHaveBeenLastCalledWith({ colors: [], brands: ['Staut'], price: { min: 20000, max: 80000 } });
    fireEvent.click(screen.getByRole('button', { name: /Fjern filteret 200,00/ }));
    expect(onChange).toHaveBeenLastCalledWith({ colors: [2], brands: ['Staut'] });
    fireEvent.click(screen.getByRole('button', { name: 'Nullstill filtre' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});

describe('activeFilterCount', () => {
  it.each([
    [{}, 0],
    [{ colors: [1, 2] }, 2],
    [{ colors: [1], brands: ['Staut'], shops: [3], genders: [1], groups: [111] }, 5],
    [{ price: { min: 0, max: 50000 } }, 1],
    [{ price: { min: 100, max: 200 }, colors: [] }, 1],
  ] as Array<[ListingFilters, number]>)('%j → %i', (filters, expected) => {
    expect(activeFilterCount(filters)).toBe(expected);
  });
});

describe('FilterPanel on a phone (under 1020 px)', () => {
  const narrow = (matches: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the facets behind one "Filtrer" button, closed, with the chosen values still shown as chips', () => {
    narrow(true);
    renderPanel({ colors: [1] });
    const toggle = screen.getByText('Filtrer (1 valgt)');
    expect(toggle.closest('details')?.open).toBe(false);
    expect(screen.getByRole('button', { name: /Blå/ })).toBeTruthy();
  });

  it('shows the facets at once on a wide screen', () => {
    narrow(false);
    renderPanel({});
    expect(screen.getByRole('heading', { name: 'Filtrer' })).toBeTruthy();
    expect(screen.queryByText(/valgt\)/)).toBeNull();
  });
});
