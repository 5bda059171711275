/**
 * Publication times are chosen on the shop's clock (Europe/Oslo), whatever zone the editor's browser is in (an editor
 * abroad, a laptop on UTC): the date and time inputs are read and written as Oslo wall-clock time, sent as ISO instants.
 */
export const EDITOR_TIME_ZONE = 'Europe/Oslo';

export interface OsloLocal {
  /** "2026-11-27" (the value of <input type="date">). */
  date: string;
  /** "14:05" (the value of <input type="time">). */
  time: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Made on first use: building an Intl formatter loads locale data.
let partsFormat: Intl.DateTimeFormat | undefined;

/** The Oslo wall clock at an instant, as the epoch milliseconds of the same wall clock read as UTC. */
function osloWallClock(instant: number): number {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: EDITOR_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
}

const offsetAt = (instant: number) => osloWallClock(instant) - Math.floor(instant / MINUTE) * MINUTE;

/** The wall clock the inputs hold, as UTC epoch milliseconds; null unless both are complete and real. */
function wallClockOf(date: string, time: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // 2026-02-30 rolls over into March: not a date anyone meant.
  return new Date(wall).getUTCDate() === day ? wall : null;
}

/**
 * The instant an Oslo date and time name, as ISO 8601 (UTC), or null for an incomplete or impossible date.
 * Around the clock changes it follows Temporal's 'compatible' rule, as calendars do: a time in the spring gap
 * (02:00–03:00 on the last Sunday of March) is moved forward by the hour that was skipped (02:30 → 03:30 summer
 * time), and a time the autumn change repeats (02:00–03:00 on the last Sunday of October) is the first of the two
 * (summer time).
 */
export function osloLocalToIso(date: string, time: string): string | null {
  const wall = wallClockOf(date, time);
  if (wall === null) return null;
  const before = offsetAt(wall - DAY);
  const after = offsetAt(wall + DAY);
  const candidates = [wall - before, wall - after].filter((instant) => osloWallClock(instant) === wall).sort((a, b) => a - b);
  // No candidate: the time was skipped; the offset in force before the change moves it forward.
  const instant = candidates[0] ?? wall - before;
  return new Date(instant).toISOString();
}

/** The Oslo date and time of an ISO instant, for the inputs; null for a missing or invalid one. */
export function isoToOsloLocal(iso: string | null | undefined): OsloLocal | null {
  if (!iso) return null;
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return null;
  const wall = new Date(osloWallClock(instant)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** "27.11.2026 kl. 14:05" on Oslo time ("" for a missing or invalid instant). */
export function formatOslo(iso: string | null | undefined): string {
  const local = isoToOsloLocal(iso);
  if (!local) return '';
  const [year, month, day] = local.date.split('-');
  return `${day}.${month}.${year} kl. ${local.time}`;
}
