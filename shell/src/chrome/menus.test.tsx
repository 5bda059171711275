// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapCategory } from '@shop/contracts/mappers';
import { rawCategory } from '@shop/contracts/testing';
import { buildMenu } from '../menu/entries.js';
import { DesktopMenu } from './DesktopMenu.js';
import MobileMenu from './MobileMenu.js';

const categories = [mapCategory(rawCategory({ MainGroupID: 3, Name: 'Vintersport' }))];
const tenant = { brandName: 'Staut', menuBrands: { support: ['Staut'], maintenance: ['Staut'], about: ['Staut'], policy: ['Staut'] } };
const menu = buildMenu(tenant, categories);

afterEach(() => vi.useRealTimers());

describe('DesktopMenu', () => {
  it('opens a subcategory list and closes it on a click outside the menu', () => {
    render(
      <MemoryRouter>
        <DesktopMenu menu={menu} current={null} withInfo={false} />
        <p>Utenfor</p>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Vis underkategorier for Vintersport' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Alt i Vintersport' })).toBeTruthy();
    // A click inside the menu keeps it open.
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Alt i Vintersport' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('Utenfor'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Alt i Vintersport' })).toBeNull();
  });

  it('Esc closes it and puts focus back on its toggle', () => {
    render(
      <MemoryRouter>
        <DesktopMenu menu={menu} current={null} withInfo={false} />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Vis underkategorier for Vintersport' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('with a single-line header the info entries sit in their own dropdown', () => {
    render(
      <MemoryRouter>
        <DesktopMenu menu={menu} current={{ name: 'support', params: {} }} withInfo />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Kundeservice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hjelp og info' }));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(
      expect.arrayContaining(['Kundeservice', 'Vedlikehold', 'Om Oss', 'Informasjon']),
    );
  });
});

describe('MobileMenu', () => {
  const renderMenu = (open: boolean, onClose = vi.fn()) =>
    render(
      <MemoryRouter>
        <MobileMenu open={open} onClose={onClose} menu={menu} current={null} brandName="Staut" />
      </MemoryRouter>,
    );

  it('locks page scroll while open and unlocks when closed', () => {
    const { rerender } = renderMenu(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <MemoryRouter>
        <MobileMenu open={false} onClose={vi.fn()} menu={menu} current={null} brandName="Staut" />
      </MemoryRouter>,
    );
    expect(document.documentElement.style.overflow).toBe('');
    expect(screen.getByTestId('mobile-menu').hidden).toBe(true);
  });

  it('scrolls to the top 300 ms after opening', () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderMenu(true);
    act(() => vi.advanceTimersByTime(299));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it.each([
    { case: 'a left swipe over 10 px closes it', to: { clientX: 150, clientY: 305 }, closes: true },
    { case: 'a 10 px left swipe does not', to: { clientX: 190, clientY: 300 }, closes: false },
    { case: 'a vertical scroll does not', to: { clientX: 195, clientY: 120 }, closes: false },
  ])('$case', ({ to, closes }) => {
    const onClose = vi.fn();
    renderMenu(true, onClose);
    const panel = screen.getByTestId('mobile-menu');
    fireEvent.touchStart(panel, { touches: [{ clientX: 200, clientY: 300 }] });
    fireEvent.touchMove(panel, { touches: [to] });
    fireEvent.touchEnd(panel, { changedTouches: [to] });
    expect(onClose).toHaveBeenCalledTimes(closes ? 1 : 0);
  });

  it('the about link goes to the home page anchor about', () => {
    renderMenu(true);
    expect(screen.getByRole('link', { name: 'Om Staut' }).getAttribute('href')).toBe('/#about');
  });

  it('Esc closes it', () => {
    const onClose = vi.fn();
    renderMenu(true, onClose);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
