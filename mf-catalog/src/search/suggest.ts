/** As-you-type suggestions of the search box: when to ask, and moving through the list with the keyboard. Pure. */
import { SEARCH_SUGGESTIONS } from '@shop/contracts/constants';

/** Fewer letters than this match too much to be useful. */
export const SUGGEST_MIN_CHARS = 2;
/** Wait this long after the last keystroke before asking (each keystroke would otherwise be a request). */
export const SUGGEST_DELAY_MS = 200;
/** One fact for the box and the server's first-view answers (api/src/server/firstViewAnswers.ts). */
export const SUGGESTIONS = SEARCH_SUGGESTIONS;

export function suggestionQuery(text: string): string | null {
  const query = text.trim().replace(/\s+/g, ' ');
  return [...query].length >= SUGGEST_MIN_CHARS ? query : null;
}

/** Arrow keys over `count` options plus "none" (-1): down from the last goes back to none, up from none to the last. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = active + delta;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
