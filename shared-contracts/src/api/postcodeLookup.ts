/**
 * Poststed from the postcode as the shopper types it (issue 21), shared by every form with a postcode and a city
 * (checkout, the account page): four digits are looked up at GET /postalcodes/{zip}; a known code gives its place, an
 * unknown one says so at once. Framework-free so each front end wraps it in a few lines.
 */
import { hasStatus, isApiError } from './errors.js';
import { getPostalCode } from './content.js';
import type { RequestOptions } from './client.js';
import type { PostalCode } from '../types/geo.js';
import { postcodeTexts } from '@shop/contracts/texts';

export type PostcodeAnswer =
  /** Not four digits (yet): nothing to say while typing; the form's own check speaks at submit. */
  | { status: 'incomplete' }
  | { status: 'found'; postcode: string; place: string }
  | { status: 'unknown'; postcode: string; message: string }
  /** The lookup failed (network, server): say nothing, the server still checks what is sent. */
  | { status: 'unavailable'; postcode: string };

type FetchPlace = (zip: string, opts?: RequestOptions) => Promise<PostalCode>;

/** The four digits of a postcode field ("0150", " 0150 "), or null while it is anything else. */
export function postcodeOf(text: string): string | null {
  return /^\s*(\d{4})\s*$/.exec(text)?.[1] ?? null;
}

/** What the postcode field says about the place; an aborted request rejects (its answer belongs to no one). */
export async function checkPostcode(text: string, opts: RequestOptions = {}, fetchPlace: FetchPlace = getPostalCode): Promise<PostcodeAnswer> {
  const postcode = postcodeOf(text);
  if (postcode === null) return { status: 'incomplete' };
  try {
    const found = await fetchPlace(postcode, opts);
    return { status: 'found', postcode, place: found.postPlace };
  } catch (error) {
    if (hasStatus(error, 404)) return { status: 'unknown', postcode, message: postcodeTexts.unknown };
    if (isApiError(error) && error.kind === 'aborted') throw error;
    return { status: 'unavailable', postcode };
  }
}

/**
 * The city a form should show after an answer, or null to leave it: a known code's place, unless the field already
 * names that place in another case ("Oslo" for OSLO: the shopper's spelling stays, and a saved account is not changed).
 */
export function cityFromAnswer(answer: PostcodeAnswer, city: string): string | null {
  if (answer.status !== 'found') return null;
  return city.trim().toLocaleLowerCase('nb') === answer.place.toLocaleLowerCase('nb') ? null : answer.place;
}

export interface PostcodeLookup {
  /** The field's new text: answers `onAnswer` once known, unless the text changes again first (latest wins). */
  change(text: string): void;
  /** Stops the request in flight (the form is gone). */
  dispose(): void;
}

/**
 * A postcode field's lookup: one request at a time (a newer text aborts the older request, so a slow answer for
 * "0150" never overwrites the answer for "0151"), and each code asked once per form (found and unknown are kept).
 */
export function createPostcodeLookup(onAnswer: (answer: PostcodeAnswer) => void, fetchPlace: FetchPlace = getPostalCode): PostcodeLookup {
  const known = new Map<string, PostcodeAnswer>();
  let current: AbortController | null = null;
  return {
    change(text) {
      current?.abort();
      current = null;
      const postcode = postcodeOf(text);
      const kept = postcode === null ? { status: 'incomplete' as const } : known.get(postcode);
      if (kept) return onAnswer(kept);
      const controller = new AbortController();
      current = controller;
      checkPostcode(postcode!, { signal: controller.signal }, fetchPlace).then(
        (answer) => {
          if (current !== controller) return;
          current = null;
          if (answer.status !== 'unavailable') known.set(postcode!, answer);
          onAnswer(answer);
        },
        () => undefined, // aborted: a newer text took over
      );
    },
    dispose() {
      current?.abort();
      current = null;
    },
  };
}
