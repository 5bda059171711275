// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Poll } from '@shop/contracts/types';
import PollPage from './PollPage.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return {
    ...actual,
    getPoll: vi.fn(),
    getPollAnswers: vi.fn(),
    getPollScore: vi.fn(),
    getQuestionScore: vi.fn(),
    postPollAnswers: vi.fn(),
    getCurrentCustomer: vi.fn(),
  };
});
const api = await import('@shop/contracts/api');
const { ApiError } = api;

const poll = (active: boolean, prizeDraw = false, quiz = true): Poll => ({
  id: 2,
  name: 'Vinterquiz',
  description: null,
  banner_desktop: null,
  banner_mobile: null,
  active,
  prize_draw: prizeDraw,
  quiz,
  questions: [
    {
      id: 7,
      poll_id: 2,
      text: 'Hvor mange millimeter vannsøyle har skalljakken?',
      options: [
        { id: 70, question_id: 7, text: '5 000' },
        { id: 71, question_id: 7, text: '15 000' },
      ],
    },
  ],
});

function renderPoll(active: boolean, prizeDraw = false, quiz = true) {
  vi.mocked(api.getPoll).mockResolvedValue(poll(active, prizeDraw, quiz));
  vi.mocked(api.getPollAnswers).mockResolvedValue([]);
  vi.mocked(api.getPollScore).mockResolvedValue({ poll_id: 2, score: 0, total: 1 });
  vi.mocked(api.getQuestionScore).mockResolvedValue({ question_id: 7, total: 5, options: [{ option_id: 70, count: 1 }, { option_id: 71, count: 4 }] });
  render(
    <MemoryRouter>
      <PollPage pollId={2} />
    </MemoryRouter>,
  );
}

// Unmount before the reset (hooks run last-registered first): a pending effect must not call a reset mock.
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('PollPage', () => {
  it('an open poll takes answers', async () => {
    renderPoll(true);
    expect(await screen.findByRole('button', { name: 'Send svar' })).toBeTruthy();
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).disabled)).toBe(true);
  });

  it('a closed poll says so, shows how everyone voted and takes no answers', async () => {
    renderPoll(false);
    expect(await screen.findByText(/Denne avstemningen er avsluttet./)).toBeTruthy();
    expect(await screen.findByText(/4 stemmer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send svar' })).toBeNull();
    expect(screen.getAllByRole('radio').every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
  });

  it.each([
    ['a quiz says whether the answer was right and gives the score', true, ['Feil svar', 'Du har 0 av 1 riktige.'], 'Takk for svaret! Her ser du hvordan alle har stemt.'],
    ['a plain poll (no right answers) thanks the shopper and never says "wrong"', false, ['Takk for svaret! Her ser du hvordan alle har stemt.'], 'Feil svar'],
  ])('%s', async (_name, quiz, shown, notShown) => {
    renderPoll(true, false, quiz);
    const radio = await screen.findByRole('radio', { name: '5 000' });
    // The page asks for this visitor's earlier answers once the poll shows (an effect): the answers below are what
    // the API gives after sending, so they must not reach that first question (under load the effect can run late).
    await vi.waitFor(() => expect(api.getQuestionScore).toHaveBeenCalled());
    fireEvent.click(radio);
    vi.mocked(api.postPollAnswers).mockResolvedValue(undefined as never);
    vi.mocked(api.getPollAnswers).mockResolvedValue([{ question_id: 7, option_id: 70, correct: false }]);
    fireEvent.click(screen.getByRole('button', { name: 'Send svar' }));
    for (const text of shown) expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(notShown)).toBeNull();
    expect(await screen.findByText(/1 stemme/)).toBeTruthy();
  });

  describe('a quiz with a prize draw (logged-in customers only)', () => {
    const loginPrompt = 'Denne quizen har premietrekning, så du må være logget inn for å delta.';

    it('tells a visitor to log in, with a link to the login page, and takes no answers', async () => {
      vi.mocked(api.getCurrentCustomer).mockResolvedValue(null);
      renderPoll(true, true);
      expect(await screen.findByText(loginPrompt)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Logg inn for å delta' }).getAttribute('href')).toBe('/konto/logg-inn');
      expect(screen.queryByRole('button', { name: 'Send svar' })).toBeNull();
      expect(screen.getAllByRole('radio').every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
    });

    it('a 401 from asking who is logged in is a visitor too', async () => {
      vi.mocked(api.getCurrentCustomer).mockRejectedValue(new ApiError({ kind: 'status', status: 401, message: 'x' }));
      renderPoll(true, true);
      expect(await screen.findByText(loginPrompt)).toBeTruthy();
    });

    it('takes answers from a logged-in customer', async () => {
      vi.mocked(api.getCurrentCustomer).mockResolvedValue({ id: 1 } as Awaited<ReturnType<typeof api.getCurrentCustomer>>);
      renderPoll(true, true);
      expect(await screen.findByRole('button', { name: 'Send svar' })).toBeTruthy();
      expect(screen.queryByText(loginPrompt)).toBeNull();
    });

    it('shows the login prompt when the answer comes back 401 (logged out meanwhile)', async () => {
      vi.mocked(api.getCurrentCustomer).mockResolvedValue({ id: 1 } as Awaited<ReturnType<typeof api.getCurrentCustomer>>);
      vi.mocked(api.postPollAnswers).mockRejectedValue(new ApiError({ kind: 'status', status: 401, message: 'x', data: { message: loginPrompt } }));
      renderPoll(true, true);
      fireEvent.click(await screen.findByRole('radio', { name: '15 000' }));
      fireEvent.click(screen.getByRole('button', { name: 'Send svar' }));
      expect(await screen.findByRole('link', { name: 'Logg inn for å delta' })).toBeTruthy();
      expect(screen.getAllByText(loginPrompt)).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Send svar' })).toBeNull();
    });

    it('a poll without a prize draw does not ask who is logged in', async () => {
      renderPoll(true);
      expect(await screen.findByRole('button', { name: 'Send svar' })).toBeTruthy();
      expect(api.getCurrentCustomer).not.toHaveBeenCalled();
    });
  });
});
