/**
 * Money and numbers, Norwegian style. Money is integer øre everywhere; formatting divides by 100.
 *
 * Exact output (CLDR nb, what `Intl.NumberFormat('nb-NO')` prints): formatMoney(49900) → "499,00 kr",
 * formatMoney(123456750) → "1 234 567,50 kr". Both the group separator and the space before "kr" are U+00A0
 * (no-break space), so a price never wraps, and negative amounts use U+2212 ("−12,30 kr"). Compare in tests with
 * "\u00a0"/"\u2212", never with a plain space/hyphen.
 *
 * Written out instead of calling Intl: the first Intl object a page creates loads the browser's locale data, 10–40 ms
 * of blocked main thread on this machine (×4 on a slow phone), and these formatters were created when the contracts
 * loaded — in the middle of every page's start-up. The rules are few and fixed; a test holds them to Intl's output.
 * One difference on purpose: an amount that rounds to zero prints without a sign ("0,00", where Intl prints "−0,00").
 */
const NBSP = '\u00a0';
const MINUS = '\u2212';

/**
 * `value` with `minFraction`…`maxFraction` decimals, half away from zero like Intl ("halfExpand"), on the number's
 * exact binary value like Intl (toFixed: 4.35 is 4.34999… and gives "4,3" at one decimal).
 */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value)) value = 0;
  const abs = Math.abs(value);
  // toFixed switches to exponent notation from 1e21; every double that large is a whole number.
  const fixed = abs < 1e21 ? abs.toFixed(maxFraction) : `${BigInt(abs)}.${'0'.repeat(maxFraction)}`;
  let [whole, fraction = ''] = fixed.split('.');
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const zero = /^[0.]*$/.test(fixed);
  let grouped = '';
  for (let end = whole.length; end > 0; end -= 3) {
    grouped = whole.slice(Math.max(0, end - 3), end) + (grouped ? NBSP + grouped : '');
  }
  return (value < 0 && !zero ? MINUS : '') + grouped + (fraction ? `,${fraction}` : '');
}

/** "499,00 kr" from 49900 øre. Non-finite input formats as 0 (a missing price must not print "NaN"). */
export function formatMoney(ore: number): string {
  return `${formatAmount(ore)}${NBSP}kr`;
}

/** "499,00" from 49900 øre: the amount without the currency, for tables with a "kr" column. */
export function formatAmount(ore: number): string {
  return formatDecimal(Number.isFinite(ore) ? ore / 100 : 0, 2, 2);
}

/** Any number with two decimals (SPEC §9 "number format two decimals"): 1234.5 → "1 234,50". */
export function formatNumber(value: number): string {
  return formatDecimal(value, 2, 2);
}

/** Whole number with grouping: 15000 → "15 000" (e.g. "15 000 mm vannsøyle"). */
export function formatInteger(value: number): string {
  return formatDecimal(value, 0, 0);
}

/** Kroner → øre, rounded (for form input). */
export function kronerToOre(kroner: number): number {
  return Math.round(kroner * 100);
}
