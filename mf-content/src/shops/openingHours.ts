/**
 * Opening hours for the shop locator: "Åpent nå"/"Stengt" from the current time and one line per weekday, Monday
 * first (SPEC §1 locale). Parsing lives in @shop/contracts (parseOpeningHours/weekOpeningHours).
 */
import { MONDAY_FIRST_DAYS, WEEKDAYS } from '@shop/contracts/format';
import type { WeekOpeningHours } from '@shop/contracts/types';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether the shop is open at `now` (local time of the browser, which for Norwegian shoppers is the shop's).
 * Opening is inclusive, closing exclusive: open 10:00–20:00 means 10:00 open, 20:00 closed.
 */
export function isOpenAt(week: WeekOpeningHours, now: Date): boolean {
  const today = week[now.getDay()];
  if (!today) return false;
  const t = now.getHours() * 60 + now.getMinutes();
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

/** One line per weekday, Monday first. */
export function weekLines(week: WeekOpeningHours, now: Date): WeekdayLine[] {
  return MONDAY_FIRST_DAYS.map((day) => {
    const h = week[day];
    return { day, name: WEEKDAYS[day]!, hours: h ? `${h.opens}–${h.closes}` : CLOSED, today: day === now.getDay() };
  });
}
