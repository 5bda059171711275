// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Article, Category } from '@shop/contracts/types';
import { SUGGEST_DELAY_MS } from './suggest.js';

const searchArticles = vi.fn(async (_request: { query: string; page?: number }) => ({ articles: [] as Article[], total: 0 }));
const categoryTree = [
  {
    id: 1, name: 'Klær', count: 2, banner: null, bannerLink: null, current_page: 1, last_page: 1, minPrice: 0, maxPrice: 0, availableProductlines: [],
    subcategories: [
      { id: 11, parent: 1, name: 'Jakker', minPrice: 0, maxPrice: 0, count: 2, groups: [{ name: 'Vindjakker', articleGroup2ID: 11, articleGroup3ID: 112, count: 2 }] },
    ],
  },
] as Category[];
// The catalogue's reference data is fetched once per page load (shared/reference.ts): one tree for every test.
const getCategories = vi.fn(async () => categoryTree);
vi.mock('@shop/contracts/api', () => ({
  searchArticles: (request: { query: string }) => searchArticles(request),
  getCategories: () => getCategories(),
  getColorGroups: async () => [],
  getGenders: async () => [],
  getProductLines: async () => [],
  getShops: async () => [],
}));
const { default: SearchBox } = await import('./SearchBox.js');

beforeEach(() => {
  vi.useFakeTimers();
  searchArticles.mockClear();
});
afterEach(() => vi.useRealTimers());

const wait = () => act(async () => void vi.advanceTimersByTime(SUGGEST_DELAY_MS + 1));

describe('SearchBox suggestions', () => {
  it('asks nothing for the query a search page starts it with until the shopper turns to the box', async () => {
    render(
      <MemoryRouter>
        <SearchBox initialQuery="jakke" />
      </MemoryRouter>,
    );
    await wait();
    expect(searchArticles).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByRole('combobox'));
    await wait();
    expect(searchArticles).toHaveBeenCalledTimes(1);
    expect(searchArticles.mock.calls[0]![0]).toMatchObject({ query: 'jakke', page: 0 });
  });

  it('asks as the shopper types', async () => {
    render(
      <MemoryRouter>
        <SearchBox />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'ull' } });
    await wait();
    expect(searchArticles).toHaveBeenCalledTimes(1);
    expect(searchArticles.mock.calls[0]![0]).toMatchObject({ query: 'ull' });
  });
});

const article = (id: number, name: string, slug: string, group3: number) =>
  ({ id, name, slug, price: 49900, image: '/img.svg', category: { id: 1 }, articleGroup2ID: 11, articleGroup3ID: group3 }) as Article;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{decodeURIComponent(location.pathname)}</output>;
}

function renderBox() {
  render(
    <MemoryRouter>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Søk i nettbutikken' });
}

describe('SearchBox as a combobox (WAI-ARIA)', () => {
  beforeEach(() => {
    searchArticles.mockImplementation(async () => ({
      articles: [article(1, 'Vindjakke Nordavind', 'vindjakke-nordavind', 112), article(2, 'Vindjakke Lett', 'vindjakke-lett', 112)],
      total: 2,
    }));
  });
  afterEach(() => {
    searchArticles.mockReset();
  });

  const where = () => screen.getByTestId('where').textContent;

  it('suggests products and categories, moves with the arrow keys, and opens the active product on Enter', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'vinjdakke' } });
    await wait();
    const list = screen.getByRole('listbox', { name: 'Forslag' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getByRole('group', { name: 'Produkter' }).textContent).toContain('Vindjakke Nordavind');
    expect(screen.getByRole('group', { name: 'Kategorier' }).textContent).toContain('Vindjakker');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Vindjakke Nordavind'),
      expect.stringContaining('Vindjakke Lett'),
      expect.stringContaining('Vindjakker'),
      'Se alle treff for «vinjdakke»',
    ]);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.submit(box.closest('form')!);
    expect(where()).toBe('/product/vindjakke-nordavind');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('reaches the category and the "all hits" options by keyboard', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'vinjdakke' } });
    await wait();
    for (let i = 0; i < 3; i++) fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(document.getElementById(box.getAttribute('aria-activedescendant')!)!.textContent).toContain('Vindjakker');
    fireEvent.submit(box.closest('form')!);
    expect(where()).toBe('/klaer/jakker/vindjakker');

    fireEvent.change(box, { target: { value: 'vinjdakke' } });
    await wait();
    fireEvent.keyDown(box, { key: 'ArrowUp' }); // from none, up is the last option
    fireEvent.submit(box.closest('form')!);
    expect(where()).toBe('/search/vinjdakke');
  });

  it('searches the typed text on Enter without an active option; Escape closes, then clears', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'vinjdakke' } });
    await wait();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // reopens on the first option
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    fireEvent.change(box, { target: { value: 'ull' } });
    fireEvent.submit(box.closest('form')!);
    expect(where()).toBe('/search/ull');
  });

  it('waits for the shopper to pause (debounced) and shows no answer for an older text', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'vi' } });
    await act(async () => void vi.advanceTimersByTime(SUGGEST_DELAY_MS - 50));
    fireEvent.change(box, { target: { value: 'vin' } });
    await act(async () => void vi.advanceTimersByTime(SUGGEST_DELAY_MS - 50));
    fireEvent.change(box, { target: { value: 'vinj' } });
    await wait();
    expect(searchArticles.mock.calls.map((call) => call[0].query)).toEqual(['vinj']);
    fireEvent.change(box, { target: { value: 'vinjd' } });
    // The answer for "vinj" is not offered as suggestions for "vinjd" before its own arrives.
    expect(screen.queryByRole('option')).toBeNull();
  });
});
