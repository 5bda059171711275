// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ContentItem, EditorPoll, EditorSession, PollResults } from '@shop/contracts/types';
import type { ItemEditorProps } from '../workspace/itemEditor.js';
import { PollEditor } from './PollEditor.js';
import { pollErrors, pollTexts } from './texts.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, createPoll: vi.fn(), updatePoll: vi.fn(), getPollResults: vi.fn(), setPollOpen: vi.fn(), getEditorImages: vi.fn() };
});
const api = await import('@shop/contracts/api');
const { ApiError } = api;

const session: EditorSession = { id: 1, email: 'redaktor@staut.no', name: 'Stine Redaktør', role: 'staff' };

const stored: EditorPoll = {
  id: 7,
  name: 'Vinterquiz',
  description: 'Svar og vinn',
  banner_desktop: null,
  banner_mobile: null,
  active: false,
  prize_draw: false,
  quiz: true,
  version: 3,
  questions: [
    {
      id: 11,
      poll_id: 7,
      text: 'Hvor mange butikker har Staut?',
      options: [
        { id: 21, question_id: 11, text: '3', correct: false },
        { id: 22, question_id: 11, text: '14', correct: true },
      ],
    },
  ],
};

const itemOf = (poll: EditorPoll): ContentItem => ({
  type: 'poll',
  key: String(poll.id),
  title: poll.name,
  status: 'published',
  published_at: '2026-11-27T10:00:00.000Z',
  publish_until: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  updated_by: 'Stine Redaktør',
  version: poll.version,
  pending_changes: false,
  content: poll,
});

const resultsOf = (counts: [number, number]): PollResults => ({
  poll_id: 7,
  participants: counts[0] + counts[1],
  questions: [
    {
      question_id: 11,
      text: 'Hvor mange butikker har Staut?',
      total: counts[0] + counts[1],
      options: [
        { option_id: 21, text: '3', correct: false, count: counts[0] },
        { option_id: 22, text: '14', correct: true, count: counts[1] },
      ],
    },
  ],
});

function setup(item: ContentItem | null) {
  const props: ItemEditorProps = { type: 'poll', item, session, onSaved: vi.fn(), onConflict: vi.fn(), onDirtyChange: vi.fn() };
  const view = render(<PollEditor {...props} />);
  return { ...props, ...view };
}

const status409 = (data: unknown) => new ApiError({ kind: 'status', status: 409, message: 'Request failed with status code 409', data });

beforeEach(() => {
  vi.mocked(api.getPollResults).mockResolvedValue(resultsOf([0, 0]));
  vi.mocked(api.getEditorImages).mockResolvedValue({ items: [], total: 0, page: 1, per_page: 12 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('PollEditor: a new poll', () => {
  it('creates a quiz with the marked answers, closed, and hands over its id', async () => {
    vi.mocked(api.createPoll).mockResolvedValue({ ...stored, id: 42, version: 1 });
    const { onSaved, onDirtyChange } = setup(null);
    expect(screen.queryByRole('heading', { name: pollTexts.resultsHeading })).toBeNull();
    expect(api.getPollResults).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(pollTexts.name), { target: { value: 'Vinterquiz' } });
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    const q1 = screen.getByRole('group', { name: 'Spørsmål 1' });
    fireEvent.change(within(q1).getByLabelText(pollTexts.questionText), { target: { value: 'Hvor mange butikker har Staut?' } });
    fireEvent.change(within(q1).getByLabelText('Svar 1'), { target: { value: '3' } });
    fireEvent.change(within(q1).getByLabelText('Svar 2'), { target: { value: '14' } });
    fireEvent.click(screen.getByLabelText(pollTexts.quiz));
    fireEvent.click(within(q1).getByRole('checkbox', { name: 'Riktig (svar 2)' }));
    fireEvent.click(screen.getByRole('button', { name: pollTexts.create }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ key: 42 }));
    expect(api.createPoll).toHaveBeenCalledWith({
      name: 'Vinterquiz',
      description: null,
      banner_desktop: null,
      banner_mobile: null,
      active: false,
      prize_draw: false,
      questions: [{ text: 'Hvor mange butikker har Staut?', options: [{ text: '3', correct: false }, { text: '14', correct: true }] }],
    });
  });

  it('says what is missing, focuses the first field and sends nothing', () => {
    setup(null);
    fireEvent.click(screen.getByLabelText(pollTexts.quiz));
    fireEvent.click(screen.getByRole('button', { name: pollTexts.create }));
    expect(api.createPoll).not.toHaveBeenCalled();
    expect(screen.getByText(pollErrors.nameMissing)).toBeTruthy();
    expect(screen.getByText(pollErrors.questionMissing)).toBeTruthy();
    expect(screen.getAllByText(pollErrors.optionMissing)).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe(pollTexts.fixErrors(5));
    expect(document.activeElement).toBe(screen.getByLabelText(pollTexts.name));
  });

  it('adds, moves and removes questions and options', () => {
    setup(null);
    fireEvent.click(screen.getByRole('button', { name: pollTexts.addQuestion }));
    const q2 = screen.getByRole('group', { name: 'Spørsmål 2' });
    fireEvent.change(within(q2).getByLabelText(pollTexts.questionText), { target: { value: 'Andre' } });
    fireEvent.click(within(q2).getByRole('button', { name: pollTexts.addOption }));
    expect(within(q2).getByLabelText('Svar 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: pollTexts.moveQuestionUp(2) }));
    expect((within(screen.getByRole('group', { name: 'Spørsmål 1' })).getByLabelText(pollTexts.questionText) as HTMLInputElement).value).toBe('Andre');
    expect(screen.getByText('Spørsmål 2 er nå nummer 1.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: pollTexts.removeQuestion(2) }));
    expect(screen.queryByRole('group', { name: 'Spørsmål 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: pollTexts.removeOption(1, 3) }));
    expect(within(screen.getByRole('group', { name: 'Spørsmål 1' })).queryByLabelText('Svar 3')).toBeNull();
  });
});

describe('PollEditor: a saved poll', () => {
  it('saves changed questions with the version it was read at', async () => {
    vi.mocked(api.updatePoll).mockResolvedValue({ ...stored, name: 'Vinterquiz 2', version: 4 });
    const { onSaved } = setup(itemOf(stored));
    await screen.findByText(pollTexts.participants(0));
    fireEvent.change(screen.getByLabelText(pollTexts.name), { target: { value: 'Vinterquiz 2' } });
    fireEvent.change(screen.getByLabelText('Svar 1'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: pollTexts.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ key: 7 }));
    expect(api.updatePoll).toHaveBeenCalledWith(7, expect.objectContaining({ name: 'Vinterquiz 2', version: 3, active: false, questions: [{ text: 'Hvor mange butikker har Staut?', options: [{ text: '5', correct: false }, { text: '14', correct: true }] }] }));
    expect(screen.getByText(pollTexts.saved)).toBeTruthy();
  });

  it('shows the questions read-only once somebody has answered, and saves the rest without them', async () => {
    vi.mocked(api.getPollResults).mockResolvedValue(resultsOf([1, 3]));
    vi.mocked(api.updatePoll).mockResolvedValue({ ...stored, version: 4, prize_draw: true });
    const { onSaved } = setup(itemOf(stored));
    await screen.findByText(pollTexts.questionsLocked);
    expect(screen.queryByLabelText(pollTexts.questionText)).toBeNull();
    expect(screen.queryByRole('button', { name: pollTexts.addQuestion })).toBeNull();
    fireEvent.click(screen.getByLabelText(pollTexts.prizeDraw));
    fireEvent.click(screen.getByRole('button', { name: pollTexts.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const input = vi.mocked(api.updatePoll).mock.calls[0]![1];
    expect(input).toMatchObject({ prize_draw: true, version: 3 });
    expect('questions' in input).toBe(false);
  });

  it('a stale save goes to the item screen as a conflict, with the input that was refused', async () => {
    const conflict = { message: 'Avstemningen er endret av Ola Hansen kl. 14:05 (27.11.2026).', current_version: 5, changed_by: 'Ola Hansen', changed_at: '2026-11-27T13:05:00.000Z', current: stored };
    vi.mocked(api.updatePoll).mockRejectedValue(status409(conflict));
    const { onConflict, onSaved } = setup(itemOf(stored));
    await screen.findByText(pollTexts.participants(0));
    fireEvent.change(screen.getByLabelText(pollTexts.description), { target: { value: 'Ny beskrivelse' } });
    fireEvent.click(screen.getByRole('button', { name: pollTexts.save }));
    await waitFor(() => expect(onConflict).toHaveBeenCalledWith(conflict, expect.objectContaining({ description: 'Ny beskrivelse', version: 3 })));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a save refused because somebody answered meanwhile locks the questions and says why', async () => {
    vi.mocked(api.updatePoll).mockRejectedValue(status409({ message: 'Spørsmålene kan ikke endres etter at noen har svart.' }));
    const { onConflict } = setup(itemOf(stored));
    await screen.findByText(pollTexts.participants(0));
    fireEvent.change(screen.getByLabelText('Svar 1'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: pollTexts.save }));
    await screen.findByText('Spørsmålene kan ikke endres etter at noen har svart.');
    expect(screen.getByText(pollTexts.questionsLocked)).toBeTruthy();
    expect(onConflict).not.toHaveBeenCalled();
  });

  it('opens for answers with its version, then lets the item screen reload', async () => {
    vi.mocked(api.setPollOpen).mockResolvedValue({ active: true, version: 4 });
    const { onSaved } = setup(itemOf(stored));
    expect(screen.getByText(pollTexts.isClosed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: pollTexts.open }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ key: 7 }));
    expect(api.setPollOpen).toHaveBeenCalledWith(7, true, 3);
  });

  it('will not open or close over unsaved edits', async () => {
    setup(itemOf({ ...stored, active: true }));
    await screen.findByText(pollTexts.participants(0));
    fireEvent.change(screen.getByLabelText(pollTexts.name), { target: { value: 'Endret' } });
    expect((screen.getByRole('button', { name: pollTexts.close }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(pollTexts.openSaveFirst)).toBeTruthy();
  });

  it('keeps unsaved edits when the item screen reloads a newer version, and takes the new one when there are none', async () => {
    const props: ItemEditorProps = { type: 'poll', item: itemOf(stored), session, onSaved: vi.fn(), onConflict: vi.fn() };
    const { rerender } = render(<PollEditor {...props} />);
    await screen.findByText(pollTexts.participants(0));
    rerender(<PollEditor {...props} item={itemOf({ ...stored, name: 'Fra en annen fane', version: 4 })} />);
    expect((screen.getByLabelText(pollTexts.name) as HTMLInputElement).value).toBe('Fra en annen fane');
    fireEvent.change(screen.getByLabelText(pollTexts.name), { target: { value: 'Mitt navn' } });
    rerender(<PollEditor {...props} item={itemOf({ ...stored, name: 'Fra en annen fane', active: true, version: 5 })} />);
    expect((screen.getByLabelText(pollTexts.name) as HTMLInputElement).value).toBe('Mitt navn');
    expect(screen.getByText(pollTexts.isOpen)).toBeTruthy();
  });
});

describe('PollEditor: banners', () => {
  it('chooses an uploaded image for the PC banner and removes the mobile one', async () => {
    const image = { id: 'AbCdEfGhIjKlMnOpQrStUv', alt: 'Skiløper i snø', width: 2400, height: 800, bytes: 2048, uploaded_by: null, created_at: '2026-11-27T10:00:00.000Z' };
    vi.mocked(api.getEditorImages).mockResolvedValue({ items: [image], total: 1, page: 1, per_page: 12 });
    vi.mocked(api.updatePoll).mockResolvedValue({ ...stored, version: 4 });
    const { onSaved } = setup(itemOf({ ...stored, banner_mobile: '/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/960.webp' }));
    await screen.findByText(pollTexts.participants(0));
    const desktop = screen.getByRole('group', { name: pollTexts.bannerDesktop });
    fireEvent.click(within(desktop).getByRole('button', { name: pollTexts.bannerChoose }));
    fireEvent.click(await within(desktop).findByRole('button', { name: pollTexts.bannerUse('Skiløper i snø') }));
    expect(within(desktop).getByRole('img', { name: pollTexts.bannerPreview(pollTexts.bannerDesktop) }).getAttribute('src')).toBe('/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/1920.webp');
    fireEvent.click(within(screen.getByRole('group', { name: pollTexts.bannerMobile })).getByRole('button', { name: pollTexts.bannerRemove }));
    fireEvent.click(screen.getByRole('button', { name: pollTexts.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updatePoll).toHaveBeenCalledWith(7, expect.objectContaining({ banner_desktop: '/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/1920.webp', banner_mobile: null }));
  });
});

describe('PollEditor: live results', () => {
  it('shows counts and shares as a table, marks the correct option and links the CSV', async () => {
    vi.mocked(api.getPollResults).mockResolvedValue(resultsOf([1, 3]));
    setup(itemOf(stored));
    const table = await screen.findByRole('table', { name: /Spørsmål 1: Hvor mange butikker har Staut\? – 4 svar/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['SvarAntallAndel', '31 svar25 %', '14 ✓ riktig svar3 svar75 %']);
    expect(screen.getByText(pollTexts.participants(4))).toBeTruthy();
    expect(screen.getByRole('link', { name: pollTexts.csv }).getAttribute('href')).toBe('/api/v1/editor/polls/7/answers.csv');
  });

  it('asks again every 10 seconds while the tab is visible, not while hidden, and stops when the screen goes', async () => {
    vi.useFakeTimers();
    const { unmount } = setup(itemOf(stored));
    expect(api.getPollResults).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.getPollResults).toHaveBeenCalledTimes(2);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.getPollResults).toHaveBeenCalledTimes(2);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(api.getPollResults).toHaveBeenCalledTimes(3);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.getPollResults).toHaveBeenCalledTimes(3);
    visibility.mockRestore();
  });
});
