import type { OpeningHoursEntry, RawShop, Shop, WeekOpeningHours } from '../types/shop.js';

const ENTRY = /^(\d)-(\d):(\d{2})(\d{2})-(\d{2})(\d{2})$/;

/** 7 is accepted as søndag so both JavaScript (0–6) and ISO (1–7) day numbers work. */
const normaliseDay = (day: number) => (day === 7 ? 0 : day);

/**
 * Parses "days-from-to:hhmm-hhmm" entries joined by commas ("1-5:1000-2000,6-6:1000-1800").
 * Malformed entries are dropped and logged (SPEC §5: bad mapped data is logged only).
 */
export function parseOpeningHours(text: string | null | undefined): OpeningHoursEntry[] {
  if (!text) return [];
  const entries: OpeningHoursEntry[] = [];
  for (const part of text.split(',')) {
    const trimmed = part.replace(/\s+/g, '');
    if (trimmed === '') continue;
    const m = ENTRY.exec(trimmed);
    const valid =
      m !== null && Number(m[1]) <= 7 && Number(m[2]) <= 7 && Number(m[3]) <= 24 && Number(m[5]) <= 24 && Number(m[4]) < 60 && Number(m[6]) < 60;
    if (!valid || m === null) {
      console.warn('[contracts] malformed opening-hours entry:', part);
      continue;
    }
    entries.push({
      fromDay: normaliseDay(Number(m[1])),
      toDay: normaliseDay(Number(m[2])),
      opens: `${m[3]}:${m[4]}`,
      closes: `${m[5]}:${m[6]}`,
    });
  }
  return entries;
}

/**
 * Spreads entries over the week (index 0 søndag … 6 lørdag). A range wraps around the week when fromDay > toDay
 * ("6-0" = lørdag–søndag). Later entries win for a day listed twice.
 */
export function weekOpeningHours(entries: OpeningHoursEntry[]): WeekOpeningHours {
  const week: WeekOpeningHours = [null, null, null, null, null, null, null];
  for (const e of entries) {
    for (let i = 0, day = e.fromDay; i < 7; i++, day = (day + 1) % 7) {
      week[day] = { opens: e.opens, closes: e.closes };
      if (day === e.toDay) break;
    }
  }
  return week;
}

export function mapShop(raw: RawShop): Shop {
  return {
    id: raw.ShopID,
    no: raw.ShopNo,
    name: raw.Name,
    fullName: raw.FullName,
    orgNo: raw.OrgNo,
    description: raw.Description ?? null,
    openingHours: raw.OpeningHours ?? '',
    openingHoursEntries: parseOpeningHours(raw.OpeningHours),
    mapLink: raw.MapLink ?? null,
    postNo: raw.PostNo,
    postPlace: raw.PostPlace,
    address: raw.Address,
    email: raw.Email ?? null,
    phone: raw.Phone ?? null,
    messenger: raw.Messenger ?? null,
    chain: raw.ChainID,
    coords: { latitude: raw.Latitude, longitude: raw.Longitude },
    distance: null,
  };
}
