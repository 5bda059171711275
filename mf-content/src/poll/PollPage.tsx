import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { ApiError, getActivePolls, getCurrentCustomer, getPoll, getPollAnswers, getPollScore, getQuestionScore, postPollAnswers } from '@shop/contracts/api';
import { asksForPreview, pathFor } from '@shop/contracts/routes';
import { prizeDrawTexts } from '@shop/contracts/texts';
import { $pageHydrated, loaderHeadContext, orMissing, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import type { Poll, PollAnswer, PollScore, QuestionScore } from '@shop/contracts/types';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { pollHead } from './head.js';
import { PreviewBanner } from '../preview/PreviewBanner.js';
import { previewHead } from '../preview/head.js';
import { texts as previewTexts } from '../preview/texts.js';
import { texts } from './texts.js';
import styles from '../content.module.css';

export interface PollPageProps {
  /** The poll (/avstemning/{id}); without it (and without a route param) the first active poll. */
  pollId?: number;
}

interface Results {
  answers: PollAnswer[];
  score: PollScore;
  questions: QuestionScore[];
}

/**
 * Whether this visitor may answer: a prize draw takes logged-in customers only (the API answers 401 otherwise), so
 * the page asks who is logged in first and, for a visitor, says so with a link to the login page instead of a form
 * that fails. `checking` while asking; a failed question leaves the answer to the API.
 */
type Entry = 'open' | 'checking' | 'login';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

async function loadResults(poll: Poll): Promise<Results> {
  const [answers, score, questions] = await Promise.all([
    getPollAnswers(poll.id),
    getPollScore(poll.id),
    Promise.all(poll.questions.map((q) => getQuestionScore(q.id))),
  ]);
  return { answers, score, questions };
}

/**
 * The poll of /avstemning/{id}, else the first active one; null when there is none. `preview` (`?forhandsvisning=1`)
 * asks for the poll as saved, which the API gives an editor's session only.
 */
async function loadPoll(id: number | undefined, preview: boolean, signal?: AbortSignal): Promise<Poll | null> {
  if (id !== undefined && Number.isInteger(id) && id > 0) return getPoll(id, { signal, preview });
  return (await getActivePolls({ signal }))[0] ?? null;
}

/** The poll (null: none active) and the head; a poll id that names none is the 404. */
export const loader: PageLoader<PollPageProps, { poll: Poll | null }> = async (context) => {
  const id = context.props.pollId;
  const preview = asksForPreview(context.url);
  const [headContext, poll] = await Promise.all([loaderHeadContext(context), orMissing(loadPoll(id, preview))]);
  return { head: previewHead(pollHead(headContext, { id, poll }), preview), data: poll || id === undefined ? { poll } : undefined };
};

/** Answer a poll, then see which answers were right, the score and how everyone voted. */
export default function PollPage({ pollId: propId, loaderData }: PollPageProps & LoaderDataProps<{ poll: Poll | null }>) {
  const params = useParams();
  const id = propId ?? (params.id ? Number(params.id) : undefined);
  const preview = asksForPreview(useLocation().search);
  const [state, retry] = useLoad<Poll | null>((signal) => loadPoll(id, preview, signal), [id, preview], () => loaderData?.poll);
  const [results, setResults] = useState<Results | null>(null);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Sending needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);

  const [entry, setEntry] = useState<Entry>('open');

  const poll = state.status === 'ready' ? state.data : null;
  // An editor's preview shows the questions only: a poll that is not live has no answers and takes none.
  const previewing = poll?.preview !== undefined;
  useEffect(() => {
    setResults(null);
    setChosen({});
    if (poll && !poll.preview) loadResults(poll).then(setResults, () => setResults(null));
  }, [poll]);
  useEffect(() => {
    if (!poll?.prize_draw || !poll.active) {
      setEntry('open');
      return;
    }
    let current = true;
    setEntry('checking');
    getCurrentCustomer().then(
      (customer) => current && setEntry(customer ? 'open' : 'login'),
      (error: unknown) => current && setEntry(isUnauthorized(error) ? 'login' : 'open'),
    );
    return () => {
      current = false;
    };
  }, [poll]);

  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  if (!poll) return <p className={styles.page}>{texts.noActivePoll}</p>;

  const answered = new Map((results?.answers ?? []).map((a) => [a.question_id, a]));
  // A closed poll shows how everyone voted, and takes no answers; nor does a preview.
  const closed = !poll.active || previewing;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answers = Object.entries(chosen)
      .filter(([questionId]) => !answered.has(Number(questionId)))
      .map(([questionId, optionId]) => ({ question_id: Number(questionId), option_id: optionId }));
    if (answers.length === 0) {
      setMessage(texts.chooseAnswer);
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      await postPollAnswers(poll.id, answers);
    } catch (error) {
      if (isUnauthorized(error)) {
        // Logged out meanwhile (or another tab logged out): the login prompt says what to do.
        setEntry('login');
      } else {
        const data = error instanceof ApiError ? (error.data as { message?: string } | undefined) : undefined;
        setMessage(data?.message ?? texts.answerFailed);
      }
    } finally {
      setSending(false);
      setResults(await loadResults(poll).catch(() => results));
    }
  };

  return (
    <>
      <PreviewBanner type="poll" itemKey={poll.id} preview={poll.preview} />
      <div className={styles.page}>
        {(poll.banner_desktop || poll.banner_mobile) && (
          <picture>
            {poll.banner_mobile && <source media="(max-width: 1019px)" srcSet={poll.banner_mobile} />}
            <img className={styles.featured} src={poll.banner_desktop ?? poll.banner_mobile ?? ''} alt="" />
          </picture>
        )}
        <h1>{poll.name}</h1>
        {poll.description && <p>{poll.description}</p>}
        {closed && <p role="status">{previewing ? previewTexts.pollNoAnswers : texts.pollClosed}</p>}
        {!closed && entry === 'login' && (
          <p role="status">
            {prizeDrawTexts.loginRequired} <Link to={pathFor('login')}>{prizeDrawTexts.loginLink}</Link>
          </p>
        )}
        <form onSubmit={submit}>
          {poll.questions.map((q) => {
            const mine = answered.get(q.id);
            const score = results?.questions.find((s) => s.question_id === q.id);
            return (
              <fieldset key={q.id} className={styles.fieldset}>
                <legend>{q.text}</legend>
                <ul className={styles.options}>
                  {q.options.map((o) => {
                    const count = score?.options.find((s) => s.option_id === o.id)?.count ?? 0;
                    return (
                      <li key={o.id}>
                        <label>
                          <input
                            type="radio"
                            name={`q${q.id}`}
                            value={o.id}
                            disabled={!!mine || closed || entry !== 'open'}
                            checked={mine ? mine.option_id === o.id : chosen[q.id] === o.id}
                            onChange={() => setChosen((c) => ({ ...c, [q.id]: o.id }))}
                          />{' '}
                          {o.text}
                        </label>
                        {(mine || closed) && score && (
                          <span>
                            {' '}
                            – {texts.votes(count)}
                            <span className={styles.bar} style={{ display: 'block', width: `${score.total ? (100 * count) / score.total : 0}%` }} />
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
                {poll.quiz && mine && <p className={mine.correct ? styles.correct : styles.wrong}>{mine.correct ? texts.correct : texts.wrong}</p>}
              </fieldset>
            );
          })}
          {message && <p role="alert">{message}</p>}
          {!closed && entry === 'open' && answered.size < poll.questions.length && (
            <button className={styles.button} type="submit" disabled={!hydrated || sending}>
              {sending ? texts.sending : texts.submitAnswers}
            </button>
          )}
        </form>
        {results && results.answers.length > 0 && <p role="status">{poll.quiz ? texts.yourScore(results.score.score, results.score.total) : texts.thanksForAnswering}</p>}
      </div>
    </>
  );
}
