import { pollAnswersCsvUrl } from '@shop/contracts/api';
import { buttonClass, Notice } from '../ui/index.js';
import type { LiveResults } from './useLiveResults.js';
import { resultQuestions } from './results.js';
import { pollTexts as texts } from './texts.js';
import styles from './polls.module.css';

const clock = (date: Date) => [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');

/**
 * The live results: per question a table whose share column draws a bar (the figures are text in the table, so a
 * screen reader reads them and nothing depends on the bar), correct options named in words, the participant count
 * and the CSV download (a plain link: the browser sends the editor's session cookie).
 */
export function PollResultsPanel({ pollId, live }: { pollId: number; live: LiveResults }) {
  const { results, updatedAt, failed } = live;
  return (
    <section className={styles.section} aria-labelledby="poll-results-heading">
      <h2 id="poll-results-heading">{texts.resultsHeading}</h2>
      {failed && <Notice tone="error">{texts.resultsFailed}</Notice>}
      {!results && !failed && <p role="status">{texts.resultsLoading}</p>}
      {results && (
        <div className={styles.results} data-testid="poll-results">
          <p role="status">{texts.participants(results.participants)}</p>
          {updatedAt && <p className={styles.muted}>{texts.updatedAt(clock(updatedAt))}</p>}
          {resultQuestions(results).map((q, i) => (
            <table key={q.questionId} className={styles.chart}>
              <caption>
                {texts.question(i + 1)}: {q.text} – {q.total === 0 ? texts.noAnswersYet : texts.answers(q.total)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{texts.optionColumn}</th>
                  <th scope="col">{texts.countColumn}</th>
                  <th scope="col">{texts.shareColumn}</th>
                </tr>
              </thead>
              <tbody>
                {q.rows.map((row) => (
                  <tr key={row.optionId} data-correct={row.correct || undefined}>
                    <th scope="row">
                      {row.text}
                      {row.correct && <span className={styles.correct}> ✓ {texts.correctMark}</span>}
                    </th>
                    <td className={styles.count}>{texts.answers(row.count)}</td>
                    <td>
                      <span className={styles.share}>
                        <span className={styles.track} aria-hidden="true">
                          <span className={`${styles.bar} ${row.correct ? styles.barCorrect : ''}`} style={{ display: 'block', width: `${row.bar}%` }} />
                        </span>
                        <span>{texts.percent(row.percent)}</span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          <p>
            <a className={buttonClass('secondary')} href={pollAnswersCsvUrl(pollId)} download>
              {texts.csv}
            </a>
          </p>
        </div>
      )}
    </section>
  );
}
