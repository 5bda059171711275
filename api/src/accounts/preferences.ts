/**
 * The customer's `preferences` (PUT /customers/{id}): a flat object a front end keeps for the shopper. It is stored
 * as jsonb and sent back with every customer answer, so it is bounded: one account once stored 900 kB there.
 *
 * The schema bounds the keys (pattern, count); `preferencesErrors` bounds the values and the serialised size. The
 * values are checked here rather than by an ajv union: the app's ajv coerces types, and a union of string, number
 * and boolean branches would silently turn 5 into "5" or 1 into true.
 */
import { Type } from 'typebox';
import type { FieldError } from './validation.js';

export const PREFERENCES_LIMITS = {
  keys: 50,
  keyPattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$',
  textLength: 200,
  listItems: 20,
  /** Bytes of the object as JSON (UTF-8). */
  bytes: 4096,
} as const;

export const preferencesTexts = {
  value: `Ugyldig innstilling: tekst (høyst ${PREFERENCES_LIMITS.textLength} tegn), tall, ja/nei eller en liste med høyst ${PREFERENCES_LIMITS.listItems} av dem`,
  tooLarge: `Innstillingene er for store (høyst ${PREFERENCES_LIMITS.bytes} byte)`,
} as const;

export const PreferencesSchema = Type.Record(Type.String(), Type.Unknown(), {
  maxProperties: PREFERENCES_LIMITS.keys,
  propertyNames: { pattern: PREFERENCES_LIMITS.keyPattern },
  description: `A flat object (at most ${PREFERENCES_LIMITS.keys} keys, ${PREFERENCES_LIMITS.bytes} bytes as JSON); each value a text of at most ${PREFERENCES_LIMITS.textLength} characters, a number, a boolean, or a list of at most ${PREFERENCES_LIMITS.listItems} of those. Replaces the stored preferences as a whole.`,
});

const isScalar = (value: unknown): boolean =>
  (typeof value === 'string' && value.length <= PREFERENCES_LIMITS.textLength) ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean';

const isValue = (value: unknown): boolean =>
  isScalar(value) || (Array.isArray(value) && value.length <= PREFERENCES_LIMITS.listItems && value.every(isScalar));

/** Field errors of a preferences object (empty when it may be stored); undefined means "not sent". */
export function preferencesErrors(preferences: Record<string, unknown> | undefined): FieldError[] {
  if (preferences === undefined) return [];
  const bad = Object.entries(preferences).find(([, value]) => !isValue(value));
  if (bad) return [{ field: `preferences.${bad[0]}`, message: preferencesTexts.value }];
  if (Buffer.byteLength(JSON.stringify(preferences), 'utf8') > PREFERENCES_LIMITS.bytes) {
    return [{ field: 'preferences', message: preferencesTexts.tooLarge }];
  }
  return [];
}
