// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { mapShop } from '@shop/contracts/mappers';
import { rawShop } from '@shop/contracts/testing';
import ShopLocatorPage, { type ShopsLoaded } from './ShopLocatorPage.js';

// Open 10–20 on weekdays, 10–18 on Saturdays, closed on Sundays (Oslo time).
const shops = [mapShop(rawShop({ ShopID: 3, Name: 'Lillehammer' }))];

const page = (loaderData: ShopsLoaded) => (
  <MemoryRouter initialEntries={['/butikker']}>
    <ShopLocatorPage loaderData={loaderData} />
  </MemoryRouter>
);

/** The card's "Åpent nå"/"Stengt" line (the hours table has "Stengt" too, in its cells). */
const status = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-testid="shop"] > p')].map((p) => p.textContent).find((text) => text === 'Åpent nå' || text === 'Stengt') ?? null;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('shop locator: open now by the shopper’s clock', () => {
  it('the server says nothing about "now"; the hydrated page says it by the browser’s clock, and ticks over', () => {
    // The server renders on Sunday at noon, when the shop is closed; the shopper's clock says Monday 19:59:30.
    const loaderData: ShopsLoaded = { shops, renderedAt: '2026-11-29T12:00:00+01:00', postcode: '', from: null, problem: null };
    const html = renderToString(page(loaderData));
    expect(html).not.toContain('Åpent nå');
    expect(html).not.toMatch(/<p[^>]*>Stengt<\/p>/);
    // The hours table is there, today's line by the server's clock meanwhile.
    expect(html).toContain('søndag');

    vi.useFakeTimers({ now: new Date('2026-11-30T19:59:30+01:00'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    act(() => {
      root = hydrateRoot(container, page(loaderData), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(status(container)).toBe('Åpent nå');

    // 20:00, the shop closes: the page follows without a reload.
    act(() => vi.advanceTimersByTime(30_000));
    expect(status(container)).toBe('Stengt');
  });
});
