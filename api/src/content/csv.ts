/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a separator, quote or line break (quotes doubled),
 * CRLF line ends, and a UTF-8 byte-order mark so Excel reads æøå right. A field starting with = + - @ (or a tab/CR)
 * is a formula to a spreadsheet: it gets a leading ' (OWASP "CSV injection"), since answers are what visitors typed.
 */
export const CSV_BOM = '\uFEFF';

export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header row and the rows, each line ending in CRLF, with the BOM first. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('');
}
