// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ContentItem, EditConflict, EditorSession } from '@shop/contracts/types';
import type { ItemEditorProps } from './itemEditor.js';
import { ItemScreen } from './ItemScreen.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, getContentItem: vi.fn(), getRevisions: vi.fn(), getRevision: vi.fn(), setContentStatus: vi.fn(), restoreRevision: vi.fn(), discardPendingChanges: vi.fn() };
});
const api = await import('@shop/contracts/api');
const { ApiError } = api;

const session: EditorSession = { id: 6, email: 'ansatt@staut.no', name: 'Staut Redaksjon', role: 'staff' };

const itemAt = (version: number, title: string, body = '<p>Ull er varmt.</p>'): ContentItem => ({
  type: 'blog-post',
  key: '5',
  title,
  status: 'published',
  published_at: '2026-11-01T09:00:00.000Z',
  publish_until: null,
  updated_at: '2026-11-27T13:05:00.000Z',
  updated_by: 'Kari Nordmann',
  version,
  pending_changes: false,
  content: { id: 5, slug: 'ull', title, body, published_at: '2026-11-01T09:00:00.000Z', version },
});

const conflictOf = (current: ContentItem): EditConflict => ({
  message: 'Innlegget er endret av Kari Nordmann kl. 14:05 (27.11.2026) etter at du åpnet det. Se over endringene før du lagrer igjen.',
  current_version: current.version,
  changed_by: 'Kari Nordmann',
  changed_at: current.updated_at,
  current: current.content,
});
const stale = (conflict: EditConflict) => new ApiError({ kind: 'status', status: 409, message: conflict.message, data: conflict });

/** A stand-in editor with the contract's behaviour: a title field, a save that sends item.version, conflicts handed up. */
const save = vi.fn<(input: { title: string; version: number }) => Promise<{ id: number }>>();
const mounts: Array<{ version: number | undefined; draft: unknown }> = [];
function FakeEditor({ item, draft, onSaved, onConflict, onDirtyChange }: ItemEditorProps) {
  const loaded = (item?.content as { title?: string } | undefined)?.title ?? '';
  const [title, setTitle] = useState((draft as { title?: string } | undefined)?.title ?? loaded);
  const [mounted] = useState(() => mounts.push({ version: item?.version, draft }));
  void mounted;
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const input = { title, version: item?.version ?? 0 };
        try {
          onSaved({ key: (await save(input)).id });
        } catch (error) {
          const conflict = api.editConflictOf(error);
          if (conflict) onConflict(conflict, input);
        }
      }}
    >
      <label>
        Tittel
        <input
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            onDirtyChange?.(e.target.value !== loaded);
          }}
        />
      </label>
      <button type="submit">Lagre</button>
    </form>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderScreen(itemKey = '5', path = `/redaksjon/innlegg/${itemKey}`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<ItemScreen type="blog-post" itemKey={itemKey} session={session} Editor={FakeEditor} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  mounts.length = 0;
  vi.mocked(api.getRevisions).mockResolvedValue([
    { number: 3, author: 'Staut Redaksjon', created_at: '2026-11-27T12:00:00.000Z' },
    { number: 2, author: 'Kari Nordmann', created_at: '2026-11-26T12:00:00.000Z' },
  ]);
});
// Unmount first: hooks run last-registered first, so testing-library's own cleanup would come after the reset, and a
// panel's effect still pending from the last render would call a reset mock (getRevisions → undefined).
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const titleField = () => screen.getByLabelText('Tittel') as HTMLInputElement;

describe('ItemScreen', () => {
  it('shows the item with its status, version, preview link and history, and mounts its editor', async () => {
    vi.mocked(api.getContentItem).mockResolvedValue(itemAt(3, 'Slik vasker du ull'));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 2, name: 'Slik vasker du ull' })).toBeTruthy();
    expect(screen.getByText('Publisert', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Versjon 3, sist endret 27.11.2026 kl. 14:05 av Kari Nordmann')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Forhåndsvis/ }).getAttribute('href')).toBe('/blogg/ull?forhandsvisning=1');
    expect(screen.getByRole('link', { name: /Forhåndsvis/ }).getAttribute('target')).toBe('_blank');
    expect(titleField().value).toBe('Slik vasker du ull');
    expect(await screen.findByText('Versjon 2')).toBeTruthy();
    expect(screen.getByText('Kari Nordmann, 26.11.2026 kl. 13:00')).toBeTruthy();
    expect(api.getContentItem).toHaveBeenCalledWith('blog-post', '5');
  });

  it('a stale save shows both versions; "Behold min versjon" hands mine back to a fresh editor on the new version', async () => {
    const theirs = itemAt(4, 'Ull, vask og tørk', '<p>Ull er varmt.</p><p>Tørk flatt.</p>');
    vi.mocked(api.getContentItem).mockResolvedValueOnce(itemAt(3, 'Slik vasker du ull')).mockResolvedValueOnce(theirs).mockResolvedValueOnce(itemAt(5, 'Min tittel'));
    save.mockRejectedValueOnce(stale(conflictOf(theirs))).mockResolvedValueOnce({ id: 5 });
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Slik vasker du ull' });
    fireEvent.change(titleField(), { target: { value: 'Min tittel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));

    const conflict = await screen.findByTestId('conflict');
    expect(within(conflict).getByRole('heading', { level: 3, name: 'Noen andre har lagret i mellomtiden' })).toBeTruthy();
    expect(within(conflict).getByRole('alert').textContent).toContain('endret av Kari Nordmann kl. 14:05 (27.11.2026)');
    const headers = within(conflict).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Felt', 'Din versjon', 'Lagret versjon']);
    const rows = within(conflict).getAllByTestId('compare-row').map((tr) => Array.from(tr.children).map((cell) => cell.textContent));
    expect(rows).toEqual([['Tittel', 'Min tittel', 'Ull, vask og tørk']]);
    expect(screen.queryByLabelText('Tittel')).toBeNull();

    fireEvent.click(within(conflict).getByRole('button', { name: 'Behold min versjon' }));
    await waitFor(() => expect(titleField().value).toBe('Min tittel'));
    expect(mounts.at(-1)).toEqual({ version: 4, draft: { title: 'Min tittel', version: 3 } });
    // The form still holds unsaved changes: status changes wait for the save.
    expect((screen.getByRole('button', { name: 'Avpubliser' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Lagret.')).toBeTruthy();
    expect(save).toHaveBeenLastCalledWith({ title: 'Min tittel', version: 4 });
    expect(mounts.at(-1)).toEqual({ version: 5, draft: undefined });
  });

  it('"Last inn lagret versjon" discards mine and starts the editor from the stored version', async () => {
    const theirs = itemAt(4, 'Ull, vask og tørk');
    vi.mocked(api.getContentItem).mockResolvedValueOnce(itemAt(3, 'Slik vasker du ull')).mockResolvedValueOnce(theirs);
    save.mockRejectedValueOnce(stale(conflictOf(theirs)));
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Slik vasker du ull' });
    fireEvent.change(titleField(), { target: { value: 'Min tittel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last inn lagret versjon' }));
    await waitFor(() => expect(titleField().value).toBe('Ull, vask og tørk'));
    expect(mounts.at(-1)).toEqual({ version: 4, draft: undefined });
    expect(screen.queryByTestId('conflict')).toBeNull();
  });

  it('a status change on a stale version shows the conflict with only the reload choice', async () => {
    const theirs = itemAt(4, 'Ull, vask og tørk');
    vi.mocked(api.getContentItem).mockResolvedValueOnce(itemAt(3, 'Slik vasker du ull')).mockResolvedValueOnce(theirs);
    vi.mocked(api.setContentStatus).mockRejectedValueOnce(stale(conflictOf(theirs)));
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Slik vasker du ull' });
    fireEvent.click(screen.getByRole('button', { name: 'Avpubliser' }));
    const conflict = await screen.findByTestId('conflict');
    expect(api.setContentStatus).toHaveBeenCalledWith('blog-post', '5', { action: 'unpublish', version: 3 });
    expect(within(conflict).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Felt', 'Det du så', 'Lagret versjon']);
    expect(within(conflict).queryByRole('button', { name: 'Behold min versjon' })).toBeNull();
    fireEvent.click(within(conflict).getByRole('button', { name: 'Last inn lagret versjon' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ull, vask og tørk' })).toBeTruthy();
  });

  it.each([
    ['Publiser endringene', 'Endringene er publisert.'],
    ['Forkast endringene', 'Endringene er forkastet. Den publiserte versjonen gjelder.'],
  ])('saved changes to a live post shoppers do not see yet: "%s", with the loaded version', async (button, done) => {
    vi.mocked(api.getContentItem).mockResolvedValueOnce({ ...itemAt(3, 'Ull, ny tittel'), pending_changes: true }).mockResolvedValueOnce(itemAt(4, 'Ull, ny tittel'));
    vi.mocked(api.setContentStatus).mockResolvedValueOnce(itemAt(4, 'Ull, ny tittel'));
    vi.mocked(api.discardPendingChanges).mockResolvedValueOnce(itemAt(4, 'Slik vasker du ull'));
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Ull, ny tittel' });
    expect(screen.getByText('Upubliserte endringer', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Du har lagrede endringer som ikke er publisert. Kundene ser fortsatt den publiserte versjonen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Se publisert versjon/ }).getAttribute('href')).toBe('/blogg/ull');
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(done)).toBeTruthy();
    if (button === 'Publiser endringene') expect(api.setContentStatus).toHaveBeenCalledWith('blog-post', '5', { action: 'publish', version: 3 });
    else expect(api.discardPendingChanges).toHaveBeenCalledWith('blog-post', '5', 3);
    // Loaded again: nothing pending any more.
    expect(screen.queryByText('Upubliserte endringer', { selector: 'span' })).toBeNull();
    expect(screen.queryByRole('button', { name: button })).toBeNull();
  });

  it('schedules at the Oslo time typed, with the loaded version', async () => {
    vi.mocked(api.getContentItem).mockResolvedValueOnce(itemAt(3, 'Slik vasker du ull')).mockResolvedValueOnce({ ...itemAt(4, 'Slik vasker du ull'), status: 'scheduled', published_at: '2026-12-24T09:00:00.000Z' });
    vi.mocked(api.setContentStatus).mockResolvedValueOnce(itemAt(4, 'Slik vasker du ull'));
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Slik vasker du ull' });
    fireEvent.click(screen.getByRole('button', { name: 'Planlegg publisering' }));
    expect(await screen.findByText('Velg en gyldig dato og et klokkeslett.')).toBeTruthy();
    expect(api.setContentStatus).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Dato'), { target: { value: '2026-12-24' } });
    fireEvent.change(screen.getByLabelText('Klokkeslett'), { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Planlegg publisering' }));
    expect(await screen.findByText('Planlagt publisert 24.12.2026 kl. 10:00.')).toBeTruthy();
    expect(api.setContentStatus).toHaveBeenCalledWith('blog-post', '5', { action: 'schedule', at: '2026-12-24T09:00:00.000Z', version: 3 });
    expect(screen.getByText('Publiseres 24.12.2026 kl. 10:00 (norsk tid).')).toBeTruthy();
  });

  it('restoring with unsaved changes asks first, then restores onto the loaded version', async () => {
    vi.mocked(api.getContentItem).mockResolvedValueOnce(itemAt(3, 'Slik vasker du ull'));
    vi.mocked(api.restoreRevision).mockResolvedValueOnce(itemAt(4, 'Gammel tittel'));
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Slik vasker du ull' });
    fireEvent.change(titleField(), { target: { value: 'Halvferdig' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Gjenopprett versjon 2' }));
    expect(screen.getByText('Du har endringer som ikke er lagret. Gjenoppretter du versjon 2, forsvinner de.')).toBeTruthy();
    expect(api.restoreRevision).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Gjenopprett likevel' }));
    expect(await screen.findByText('Versjon 2 er gjenopprettet som en ny versjon. Publiseringen er uendret.')).toBeTruthy();
    expect(api.restoreRevision).toHaveBeenCalledWith('blog-post', '5', 2, 3);
    expect(titleField().value).toBe('Gammel tittel');
  });

  it('compares a version with the one before it', async () => {
    vi.mocked(api.getContentItem).mockResolvedValueOnce(itemAt(3, 'Slik vasker du ull'));
    vi.mocked(api.getRevision).mockImplementation(async (_type, _key, n) => ({
      number: n,
      author: null,
      created_at: '2026-11-27T12:00:00.000Z',
      snapshot: n === 2 ? itemAt(2, 'Før').content : itemAt(3, 'Etter', '<p>Ull er varmt.</p><p>Ny.</p>').content,
    }));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Sammenlign versjon 3 med forrige' }));
    const comparison = await screen.findByTestId('comparison');
    await waitFor(() => expect(within(comparison).getAllByTestId('compare-row')).toHaveLength(2));
    const rows = within(comparison).getAllByTestId('compare-row').map((tr) => Array.from(tr.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Tittel', 'Før', 'Etter'],
      ['Tekst, avsnitt 2 (Lagt til)', '—', 'Ny.'],
    ]);
    expect(api.getRevision).toHaveBeenCalledWith('blog-post', '5', 2);
  });

  it('a new item has no status or history; after its first save the screen moves to its address', async () => {
    save.mockResolvedValueOnce({ id: 12 });
    renderScreen('ny');
    expect(screen.getByRole('heading', { level: 2, name: 'Nytt innlegg' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Publisering' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Historikk' })).toBeNull();
    expect(api.getContentItem).not.toHaveBeenCalled();
    fireEvent.change(titleField(), { target: { value: 'Nytt' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lagre' })));
    expect(screen.getByTestId('where').textContent).toBe('/redaksjon/innlegg/12');
  });

  it('an item that does not exist says so', async () => {
    vi.mocked(api.getContentItem).mockRejectedValueOnce(new ApiError({ kind: 'status', status: 404, message: 'Fant ikke innlegget.' }));
    renderScreen('99');
    expect((await screen.findByRole('alert')).textContent).toContain('Fant ikke dette innholdet.');
  });
});
