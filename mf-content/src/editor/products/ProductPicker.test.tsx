// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { EditorProduct } from '@shop/contracts/types';
import { ProductPicker } from './ProductPicker.js';
import { SEARCH_DELAY_MS } from './picker.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, searchEditorProducts: vi.fn(), lookupEditorProducts: vi.fn() };
});
const api = await import('@shop/contracts/api');

const product = (id: number, name: string, inShop = true): EditorProduct => ({
  id,
  article_no: `${id}-410`,
  name,
  price: 49900 + id,
  image: `/api/v1/images/articles/111/${id}.svg`,
  in_web_shop: inShop,
});
/** How long a debounced search may take to show on a loaded test machine. */
const SETTLED = { timeout: SEARCH_DELAY_MS + 5_000 };

const jakke = product(101, 'Vindjakke Fjell');
const genser = product(102, 'Ullgenser');
const skjult = product(108, 'Skjult jakke', false);
const catalogue = [jakke, genser, skjult];

/** The picker as an editor form holds it: the value is the form's state. */
function Harness({ initial = [], max, onChange }: { initial?: number[]; max?: number; onChange?: (ids: number[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <ProductPicker
      label="Relaterte produkter"
      value={ids}
      max={max}
      onChange={(next) => {
        setIds(next);
        onChange?.(next);
      }}
    />
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  vi.mocked(api.lookupEditorProducts).mockImplementation(async (ids) => catalogue.filter((p) => ids.includes(p.id)));
  vi.mocked(api.searchEditorProducts).mockImplementation(async (q) =>
    catalogue.filter((p) => p.name.toLowerCase().includes(q.toLowerCase()) || p.article_no.startsWith(q)),
  );
  const onChange = vi.fn();
  render(<Harness {...props} onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Relaterte produkter' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const key = (k: string) => fireEvent.keyDown(input, { key: k });
  const chosen = () =>
    screen.queryByRole('list', { name: 'Valgte produkter: Relaterte produkter' })
      ? within(screen.getByRole('list', { name: 'Valgte produkter: Relaterte produkter' }))
          .getAllByRole('listitem')
          .map((li) => li.querySelector('[class*="name"]')!.textContent)
      : [];
  return { input, type, key, chosen, onChange };
}

// Unmount before the reset (hooks run last-registered first): a pending effect must not call a reset mock.
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('ProductPicker', { timeout: 20_000 }, () => {
  it('searches by article number after a pause in typing, with thumbnail, number and price, and adds with Enter', async () => {
    const { input, type, key, chosen, onChange } = setup();
    fireEvent.focus(input);
    type('1');
    expect(screen.getByRole('status').textContent).toBe('Skriv minst to tegn for å søke.');
    type('10');
    type('102');
    expect(api.searchEditorProducts).not.toHaveBeenCalled();
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'), SETTLED);
    // One request, for the last text only.
    expect(api.searchEditorProducts).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.searchEditorProducts).mock.calls[0]![0]).toBe('102');
    const listbox = screen.getByRole('listbox', { name: 'Relaterte produkter' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const [option] = within(listbox).getAllByRole('option');
    expect(option!.textContent).toContain('Ullgenser');
    expect(option!.textContent).toContain('Varenr. 102-410');
    expect(option!.textContent).toContain('500,02\u00a0kr');
    expect(option!.querySelector('img')!.getAttribute('src')).toBe(genser.image);
    expect(screen.getByRole('status').textContent).toBe('1 produkt funnet.');

    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(option!.id);
    expect(option!.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(onChange).toHaveBeenLastCalledWith([102]);
    expect(chosen()).toEqual(['Ullgenser']);
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Ullgenser er lagt til.');
    // The lookup is not asked for a product picked from the search.
    expect(api.lookupEditorProducts).not.toHaveBeenCalled();
  });

  it('moves through the options with the arrow keys (wrapping), closes with Escape, and picks with a click', async () => {
    const { input, type, key, chosen } = setup();
    fireEvent.focus(input);
    type('jakke');
    const listbox = await screen.findByRole('listbox', {}, SETTLED);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.querySelector('[class*="name"]')!.textContent)).toEqual(['Vindjakke Fjell', 'Skjult jakke']);
    // A hidden article is found, and flagged already in the results.
    expect(options[1]!.textContent).toContain('Ikke lenger i nettbutikken');
    key('ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    key('Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('jakke');
    key('ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(screen.getByRole('listbox')).getAllByRole('option')[0]!);
    expect(chosen()).toEqual(['Vindjakke Fjell']);
    // Escape in the closed, empty field does nothing; Enter with nothing active submits nothing.
    key('Escape');
    key('Enter');
    expect(chosen()).toEqual(['Vindjakke Fjell']);
  });

  it('resolves the ids it is given and flags products that left the web shop (hidden or gone)', async () => {
    setup({ initial: [108, 101, 999] });
    const list = screen.getByRole('list', { name: 'Valgte produkter: Relaterte produkter' });
    await waitFor(() => expect(within(list).queryByText('Henter produktene …')).toBeNull(), SETTLED);
    expect(api.lookupEditorProducts).toHaveBeenCalledWith([108, 101, 999], expect.anything());
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('[class*="name"]')!.textContent)).toEqual(['Skjult jakke', 'Vindjakke Fjell', 'Produkt-ID 999']);
    expect(items.map((li) => li.textContent!.includes('Ikke lenger i nettbutikken'))).toEqual([true, false, true]);
    expect(items[1]!.textContent).toContain('500,01\u00a0kr');
    expect(items[1]!.querySelector('img')!.getAttribute('src')).toBe(jakke.image);
  });

  it('orders with move up/down (keeping the focus on the moved product) and removes', async () => {
    const { chosen, onChange, input } = setup({ initial: [101, 102, 108] });
    await waitFor(() => expect(chosen()).toEqual(['Vindjakke Fjell', 'Ullgenser', 'Skjult jakke']), SETTLED);
    expect(screen.getByRole('button', { name: 'Flytt Vindjakke Fjell opp' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Flytt Skjult jakke ned' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Flytt Skjult jakke opp' }));
    expect(onChange).toHaveBeenLastCalledWith([101, 108, 102]);
    expect(chosen()).toEqual(['Vindjakke Fjell', 'Skjult jakke', 'Ullgenser']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Flytt Skjult jakke opp' }));
    expect(screen.getByRole('status').textContent).toBe('Skjult jakke er flyttet til plass 2.');

    fireEvent.click(screen.getByRole('button', { name: 'Flytt Skjult jakke opp' }));
    expect(chosen()).toEqual(['Skjult jakke', 'Vindjakke Fjell', 'Ullgenser']);
    // At the top the "up" button is disabled: the focus goes to "down" instead of being lost.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Flytt Skjult jakke ned' }));

    fireEvent.click(screen.getByRole('button', { name: 'Flytt Vindjakke Fjell ned' }));
    expect(onChange).toHaveBeenLastCalledWith([108, 102, 101]);

    fireEvent.click(screen.getByRole('button', { name: 'Fjern Skjult jakke' }));
    expect(onChange).toHaveBeenLastCalledWith([102, 101]);
    expect(chosen()).toEqual(['Ullgenser', 'Vindjakke Fjell']);
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('status').textContent).toBe('Skjult jakke er fjernet.');
  });

  it('with max 1, a new choice replaces the old one and there is nothing to order', async () => {
    const { input, type, key, chosen, onChange } = setup({ initial: [101], max: 1 });
    await waitFor(() => expect(chosen()).toEqual(['Vindjakke Fjell']), SETTLED);
    expect(screen.queryByRole('button', { name: /^Flytt/ })).toBeNull();
    fireEvent.focus(input);
    type('ull');
    await screen.findByRole('listbox', {}, SETTLED);
    key('ArrowDown');
    key('Enter');
    expect(onChange).toHaveBeenLastCalledWith([102]);
    expect(chosen()).toEqual(['Ullgenser']);
    expect(screen.getByRole('status').textContent).toBe('Ullgenser er valgt.');
  });

  it('refuses more than max and marks what is already chosen', async () => {
    const { input, type, key, chosen, onChange } = setup({ initial: [101, 102], max: 2 });
    await waitFor(() => expect(chosen()).toEqual(['Vindjakke Fjell', 'Ullgenser']), SETTLED);
    fireEvent.focus(input);
    type('jakke');
    const listbox = await screen.findByRole('listbox', {}, SETTLED);
    const [vindjakke] = within(listbox).getAllByRole('option');
    expect(vindjakke!.getAttribute('aria-disabled')).toBe('true');
    expect(vindjakke!.textContent).toContain('(valgt)');
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(
      'Du har valgt 2 produkter, som er det høyeste antallet. Fjern et for å velge et annet.',
    );
  });

  it('says so when nothing matches or the search fails, and offers a retry when the lookup fails', async () => {
    const { input, type } = setup();
    fireEvent.focus(input);
    type('finnesikke');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ingen produkter passer «finnesikke».'), SETTLED);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    vi.mocked(api.searchEditorProducts).mockRejectedValueOnce(new Error('nede'));
    type('ullgenser');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Søket feilet. Prøv igjen.'), SETTLED);
  });

  it('offers a retry when the chosen products cannot be looked up', async () => {
    vi.mocked(api.lookupEditorProducts).mockRejectedValueOnce(new Error('nede'));
    render(<ProductPicker label="Utvalgt produkt" value={[101]} onChange={() => undefined} max={1} />);
    const alert = await screen.findByRole('alert', {}, SETTLED);
    expect(alert.textContent).toContain('Kunne ikke hente de valgte produktene.');
    vi.mocked(api.lookupEditorProducts).mockResolvedValueOnce([jakke]);
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Prøv igjen' })));
    await waitFor(() => expect(screen.getByText('Vindjakke Fjell')).toBeTruthy(), SETTLED);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
