/**
 * Opening hours for the shop locator: "Åpent nå"/"Stengt" from the current time and one line per weekday, Monday
 * first (SPEC §1 locale). Parsing lives in @shop/contracts (parseOpeningHours/weekOpeningHours).
 * The hours are the shops' wall-clock hours in Norway, so "now" is read on Oslo time whatever the browser's time
 * zone (a shopper abroad, a machine on UTC), summer time included.
 */
import { MONDAY_FIRST_DAYS, WEEKDAYS } from '@shop/contracts/format';
import type { WeekOpeningHours } from '@shop/contracts/types';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export const SHOP_TIME_ZONE = 'Europe/Oslo';

const DAY_NUMBERS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
// Made on first use: the first Intl object a page makes loads locale data (see @shop/contracts format/money.ts).
let osloParts: Intl.DateTimeFormat | undefined;

/** The weekday (JavaScript getDay numbering) and minutes since midnight of an instant on the shops' clock (Oslo). */
export function shopClock(now: Date): { day: number; minutes: number } {
  osloParts ??= new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(osloParts.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: DAY_NUMBERS[parts.weekday ?? ''] ?? now.getDay(), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * Whether the shop is open at `now` on Oslo time.
 * Opening is inclusive, closing exclusive: open 10:00–20:00 means 10:00 open, 20:00 closed.
 */
export function isOpenAt(week: WeekOpeningHours, now: Date): boolean {
  const { day, minutes: t } = shopClock(now);
  const today = week[day];
  if (!today) return false;
  return t >= minutes(today.opens) && t < minutes(today.closes);
}

export interface WeekdayLine {
  day: number;
  /** "mandag" … "søndag". */
  name: string;
  /** "10:00–20:00", or "Stengt". */
  hours: string;
  today: boolean;
}

export const CLOSED = 'Stengt';
export const OPEN_NOW = 'Åpent nå';

/** One line per weekday, Monday first; `today` is today in Norway. */
export function weekLines(week: WeekOpeningHours, now: Date): WeekdayLine[] {
  const today = shopClock(now).day;
  return MONDAY_FIRST_DAYS.map((day) => {
    const h = week[day];
    return { day, name: WEEKDAYS[day]!, hours: h ? `${h.opens}–${h.closes}` : CLOSED, today: day === today };
  });
}
