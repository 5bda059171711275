/**
 * Money and numbers, Norwegian style. Money is integer øre everywhere; formatting divides by 100.
 *
 * Exact output (ICU/CLDR nb): formatMoney(49900) → "499,00 kr", formatMoney(123456750) → "1 234 567,50 kr".
 * Both the group separator and the space before "kr" are U+00A0 (no-break space), so a price never wraps, and
 * negative amounts use U+2212 ("−12,30 kr"). Compare in tests with "\u00a0"/"\u2212", never with a plain space/hyphen.
 */
const moneyFormat = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });

/** "499,00 kr" from 49900 øre. Non-finite input formats as 0 (a missing price must not print "NaN"). */
export function formatMoney(ore: number): string {
  return moneyFormat.format(Number.isFinite(ore) ? ore / 100 : 0);
}

/** "499,00" from 49900 øre: the amount without the currency, for tables with a "kr" column. */
export function formatAmount(ore: number): string {
  return numberFormat.format(Number.isFinite(ore) ? ore / 100 : 0);
}

/** Any number with two decimals (SPEC §9 "number format two decimals"): 1234.5 → "1 234,50". */
export function formatNumber(value: number): string {
  return numberFormat.format(Number.isFinite(value) ? value : 0);
}

/** Whole number with grouping: 15000 → "15 000" (e.g. "15 000 mm vannsøyle"). */
export function formatInteger(value: number): string {
  return integerFormat.format(Number.isFinite(value) ? value : 0);
}

/** Kroner → øre, rounded (for form input). */
export function kronerToOre(kroner: number): number {
  return Math.round(kroner * 100);
}
