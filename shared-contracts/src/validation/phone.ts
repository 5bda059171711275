/**
 * SPEC §5 phone rule: optional +47 or 0047, optional whitespace, then eight digits starting with 4 or 9;
 * surrounding whitespace allowed. The eight digits may be grouped with whitespace as Norwegians write them
 * ("912 34 567", "91 23 45 67"): spaces are formatting, not digits, so the rule is checked on the digits themselves.
 * Nothing else is formatting (no hyphens, dots or brackets), and the prefix is written whole ("+47", "0047").
 */
export const PHONE_PATTERN = /^\s*(?:(?:\+|00)47)?\s*[49](?:\s*\d){7}\s*$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** The eight national digits of a valid phone number ("+47 912 34 567" → "91234567"), else null: what is stored. */
export function nationalPhone(value: string): string | null {
  if (!isValidPhone(value)) return null;
  return value.trim().replace(/^(?:\+|00)47/, '').replace(/\s/g, '');
}
