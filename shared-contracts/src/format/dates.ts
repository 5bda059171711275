/**
 * Dates, weekdays and relative time in Norwegian bokmål, from our own tables so every browser and Node print the
 * same (and so the relative-time wording matches SPEC §1/§9 exactly; dayjs' nb locale differs). Local time zone.
 */
export const WEEKDAYS = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'] as const;
export const MONTHS = [
  'januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember',
] as const;
/** Day numbers (JavaScript getDay) in Norwegian week order: Monday first. */
export const MONDAY_FIRST_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export type DateInput = Date | string | number;

function toDate(input: DateInput): Date {
  return input instanceof Date ? input : new Date(input);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Name of a JavaScript day number (0 søndag … 6 lørdag; 7 is søndag too). */
export function weekdayName(day: number): string {
  const name = WEEKDAYS[((day % 7) + 7) % 7];
  return name;
}

/** The weekday names Monday first: mandag … søndag. */
export function weekdaysMondayFirst(): string[] {
  return MONDAY_FIRST_DAYS.map((d) => WEEKDAYS[d]);
}

/** Position of a JavaScript day number in a Monday-first week (mandag 0 … søndag 6): for sorting and calendars. */
export function mondayFirstIndex(day: number): number {
  return (((day % 7) + 7) % 7 + 6) % 7;
}

/** "22.11.2026". Invalid dates give "" (missing data is not printed as "NaN"). */
export function formatDate(input: DateInput): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** "22. november 2026". */
export function formatDateLong(input: DateInput): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getDate()}. ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** "søndag 22. november 2026". */
export function formatDateWithWeekday(input: DateInput): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return '';
  return `${WEEKDAYS[d.getDay()]} ${formatDateLong(d)}`;
}

/** "22.11.2026 kl. 09:05". */
export function formatDateTime(input: DateInput): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} kl. ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration in words without direction. Thresholds follow dayjs' relativeTime defaults plus weeks:
 * <45 s "et par sekunder", <90 s "et minutt", <45 min "%d minutter", <90 min "en time", <22 h "%d timer",
 * <36 h "en dag", <7 d "%d dager", <26 d weeks ("en uke"/"%d uker"), <46 d "en måned", <11 mo "%d måneder",
 * <18 mo "et år", else "%d år". Counts are rounded.
 */
export function durationInWords(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 45 * SECOND) return 'et par sekunder';
  if (abs < 90 * SECOND) return 'et minutt';
  if (abs < 45 * MINUTE) return `${Math.max(2, Math.round(abs / MINUTE))} minutter`;
  if (abs < 90 * MINUTE) return 'en time';
  if (abs < 22 * HOUR) return `${Math.max(2, Math.round(abs / HOUR))} timer`;
  if (abs < 36 * HOUR) return 'en dag';
  const days = Math.round(abs / DAY);
  if (days < 7) return `${Math.max(2, days)} dager`;
  if (days < 26) {
    const weeks = Math.round(days / 7);
    return weeks <= 1 ? 'en uke' : `${weeks} uker`;
  }
  if (days < 46) return 'en måned';
  const months = Math.round(days / 30.4375);
  if (months < 11) return `${Math.max(2, months)} måneder`;
  if (months < 18) return 'et år';
  return `${Math.max(2, Math.round(days / 365.25))} år`;
}

/** "om 3 dager" (future) / "for 3 dager siden" (past), relative to `now`. */
export function relativeTime(input: DateInput, now: DateInput = new Date()): string {
  const diff = toDate(input).getTime() - toDate(now).getTime();
  if (Number.isNaN(diff)) return '';
  const words = durationInWords(diff);
  return diff > 0 ? `om ${words}` : `for ${words} siden`;
}

/** What a `<time>` element shows for a moment shoppers read: the relative wording, the absolute date on hover. */
export interface TimeLabel {
  /** "for 3 dager siden" / "om en time". */
  text: string;
  /** The machine-readable moment (ISO 8601) for `<time dateTime>`. */
  dateTime: string;
  /** The absolute date for `title` (hover, long press): "22.11.2026 kl. 09:05" unless another format is given. */
  title: string;
}

/**
 * The label of a moment shown relative to `now` (SPEC: relative-time units, "for … siden" / "om …"), with the
 * absolute date for the title. Null for a missing or invalid date, so nothing is printed rather than "NaN".
 */
export function timeLabel(
  input: DateInput | null | undefined,
  now: DateInput = new Date(),
  absolute: (date: Date) => string = formatDateTime,
): TimeLabel | null {
  if (input === null || input === undefined || input === '') return null;
  const date = toDate(input);
  const text = relativeTime(date, now);
  if (text === '') return null;
  return { text, dateTime: date.toISOString(), title: absolute(date) };
}
