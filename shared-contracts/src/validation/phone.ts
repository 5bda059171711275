/**
 * SPEC §5 phone rule: optional +47 or 0047, optional whitespace, then eight digits starting with 4 or 9;
 * surrounding whitespace allowed. Inner spaces between the digits ("912 34 567") are NOT accepted, as specified.
 */
export const PHONE_PATTERN = /^\s*(?:(?:\+|00)47)?\s*[49]\d{7}\s*$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** The eight national digits of a valid phone number ("+47 91234567" → "91234567"), else null. */
export function nationalPhone(value: string): string | null {
  if (!isValidPhone(value)) return null;
  return value.trim().replace(/^(?:\+|00)47/, '').trim();
}
