import type { EditorPoll } from '@shop/contracts/types';
import { Button, CheckField, FieldGroup, TextField } from '../ui/index.js';
import { emptyOption, emptyQuestion, moved, POLL_LIMITS, removed, replaced, type DraftErrors, type DraftQuestion } from './draft.js';
import { pollTexts as texts } from './texts.js';
import styles from './polls.module.css';

interface QuestionsEditorProps {
  questions: DraftQuestion[];
  quiz: boolean;
  errors: DraftErrors;
  onChange: (questions: DraftQuestion[]) => void;
  /** A polite announcement of what a move or removal did (the list changed under the focus). */
  onAnnounce: (message: string) => void;
}

/**
 * Questions and their options: text fields named by the API's field names (so errors and focus find them), add,
 * remove and move up/down for both, and in a quiz a "Riktig" check per option (one or more per question).
 */
export function QuestionsEditor({ questions, quiz, errors, onChange, onAnnounce }: QuestionsEditorProps) {
  const change = (i: number, next: (q: DraftQuestion) => DraftQuestion) => onChange(replaced(questions, i, next));
  const moveQuestion = (i: number, by: -1 | 1) => {
    onChange(moved(questions, i, by));
    onAnnounce(texts.moved(texts.question(i + 1), i + 1 + by));
  };
  return (
    <>
      {questions.map((q, i) => {
        const n = i + 1;
        const at = `questions.${i}`;
        return (
          <FieldGroup key={q.key} legend={texts.question(n)} className={styles.question}>
            <TextField
              label={texts.questionText}
              name={`${at}.text`}
              value={q.text}
              maxLength={POLL_LIMITS.question}
              error={errors[`${at}.text`]}
              onChange={(e) => change(i, (old) => ({ ...old, text: e.target.value }))}
            />
            {q.options.map((o, j) => {
              const m = j + 1;
              const field = `${at}.options.${j}`;
              return (
                <div key={o.key} className={styles.option}>
                  <TextField
                    label={texts.option(m)}
                    name={`${field}.text`}
                    value={o.text}
                    maxLength={POLL_LIMITS.option}
                    error={errors[`${field}.text`]}
                    onChange={(e) => change(i, (old) => ({ ...old, options: replaced(old.options, j, (opt) => ({ ...opt, text: e.target.value })) }))}
                  />
                  <div className={styles.optionTools}>
                    {quiz && (
                      <CheckField
                        name={`${field}.correct`}
                        checked={o.correct}
                        label={
                          <>
                            {texts.correct}
                            <span className={styles.visuallyHidden}>{texts.correctFor(m)}</span>
                          </>
                        }
                        onChange={(e) => change(i, (old) => ({ ...old, options: replaced(old.options, j, (opt) => ({ ...opt, correct: e.target.checked })) }))}
                      />
                    )}
                    <Button
                      variant="secondary"
                      small
                      aria-label={texts.moveOptionUp(n, m)}
                      disabled={j === 0}
                      onClick={() => {
                        change(i, (old) => ({ ...old, options: moved(old.options, j, -1) }));
                        onAnnounce(texts.moved(texts.option(m), m - 1));
                      }}
                    >
                      {texts.up}
                    </Button>
                    <Button
                      variant="secondary"
                      small
                      aria-label={texts.moveOptionDown(n, m)}
                      disabled={j === q.options.length - 1}
                      onClick={() => {
                        change(i, (old) => ({ ...old, options: moved(old.options, j, 1) }));
                        onAnnounce(texts.moved(texts.option(m), m + 1));
                      }}
                    >
                      {texts.down}
                    </Button>
                    <Button
                      variant="danger"
                      small
                      aria-label={texts.removeOption(n, m)}
                      onClick={() => {
                        change(i, (old) => ({ ...old, options: removed(old.options, j) }));
                        onAnnounce(texts.removed(texts.option(m)));
                      }}
                    >
                      {texts.remove}
                    </Button>
                  </div>
                </div>
              );
            })}
            {errors[`${at}.options`] && <p className={styles.groupError}>{errors[`${at}.options`]}</p>}
            <div className={styles.tools}>
              <Button
                variant="secondary"
                small
                name={`${at}.options`}
                disabled={q.options.length >= POLL_LIMITS.options}
                onClick={() => change(i, (old) => ({ ...old, options: [...old.options, emptyOption()] }))}
              >
                {texts.addOption}
              </Button>
              <Button variant="secondary" small aria-label={texts.moveQuestionUp(n)} disabled={i === 0} onClick={() => moveQuestion(i, -1)}>
                {texts.up}
              </Button>
              <Button variant="secondary" small aria-label={texts.moveQuestionDown(n)} disabled={i === questions.length - 1} onClick={() => moveQuestion(i, 1)}>
                {texts.down}
              </Button>
              <Button
                variant="danger"
                small
                aria-label={texts.removeQuestion(n)}
                onClick={() => {
                  onChange(removed(questions, i));
                  onAnnounce(texts.removed(texts.question(n)));
                }}
              >
                {texts.remove}
              </Button>
            </div>
          </FieldGroup>
        );
      })}
      {errors.questions && <p className={styles.groupError}>{errors.questions}</p>}
      <div>
        <Button variant="secondary" name="questions" disabled={questions.length >= POLL_LIMITS.questions} onClick={() => onChange([...questions, emptyQuestion()])}>
          {texts.addQuestion}
        </Button>
      </div>
    </>
  );
}

/** The stored questions of a poll somebody has answered: shown, not editable (the answers point at them). */
export function LockedQuestions({ poll }: { poll: EditorPoll }) {
  return (
    <ol className={styles.lockedList}>
      {poll.questions.map((q) => (
        <li key={q.id}>
          {q.text}
          <ul>
            {q.options.map((o) => (
              <li key={o.id}>
                {o.text}
                {o.correct && <strong> ✓ {texts.correctMark}</strong>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
