import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Poll } from '@shop/contracts/types';
import PollPage from './PollPage.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, getPoll: vi.fn(), getPollAnswers: vi.fn(), getPollScore: vi.fn(), getQuestionScore: vi.fn(), postPollAnswers: vi.fn() };
});
const api = await import('@shop/contracts/api');

const poll = (active: boolean): Poll => ({
  id: 2,
  name: 'Vinterquiz',
  description: null,
  banner_desktop: null,
  banner_mobile: null,
  active,
  prize_draw: false,
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

function renderPoll(active: boolean) {
  vi.mocked(api.getPoll).mockResolvedValue(poll(active));
  vi.mocked(api.getPollAnswers).mockResolvedValue([]);
  vi.mocked(api.getPollScore).mockResolvedValue({ poll_id: 2, score: 0, total: 1 });
  vi.mocked(api.getQuestionScore).mockResolvedValue({ question_id: 7, total: 5, options: [{ option_id: 70, count: 1 }, { option_id: 71, count: 4 }] });
  render(
    <MemoryRouter>
      <PollPage pollId={2} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.resetAllMocks());

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
});
