import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUGGEST_DELAY_MS } from './suggest.js';

const searchArticles = vi.fn(async (_request: { query: string; page?: number }) => ({ articles: [], total: 0 }));
vi.mock('@shop/contracts/api', () => ({ searchArticles: (request: { query: string }) => searchArticles(request) }));
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
