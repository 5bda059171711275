/**
 * Address lookup. The real client speaks Kartverket's address API (`GET {KARTVERKET_URL}/adresser/v1/sok?sok=…`,
 * e.g. KARTVERKET_URL=https://ws.geonorge.no); when it is not configured or does not answer, the offline fallback
 * answers from the `streets` + `postal_codes` tables in the same shape. The fallback knows streets per postcode but
 * not house numbers, so it echoes the asked number and uses the postcode's centre as the position.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RawAddressHit } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import { postalCodes, streets } from '../db/schema.js';

export const KARTVERKET_TIMEOUT_MS = 3000;
export const MAX_HITS = 10;

export interface AddressQuery {
  street: string;
  /** Number plus optional letter, "12B". */
  houseNumber: string;
  postcode?: string;
}

interface KartverketHit {
  adressetekst?: string;
  adressenavn?: string;
  nummer?: number | null;
  bokstav?: string | null;
  postnummer?: string;
  poststed?: string;
  representasjonspunkt?: { lat: number; lon: number } | null;
}

/** Kartverket's own answer reduced to the contract fields. */
export function toRawHit(h: KartverketHit): RawAddressHit {
  return {
    adressetekst: h.adressetekst ?? '',
    adressenavn: h.adressenavn ?? '',
    nummer: h.nummer ?? null,
    bokstav: h.bokstav ?? '',
    postnummer: h.postnummer ?? '',
    poststed: h.poststed ?? '',
    representasjonspunkt: h.representasjonspunkt ? { lat: h.representasjonspunkt.lat, lon: h.representasjonspunkt.lon } : null,
  };
}

/** Null when the service could not be asked or did not answer properly (the caller falls back). */
export async function searchKartverket(baseUrl: string, text: string, postcode?: string): Promise<RawAddressHit[] | null> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/adresser/v1/sok`);
  url.searchParams.set('sok', text);
  url.searchParams.set('treffPerSide', String(MAX_HITS));
  url.searchParams.set('utkoordsys', '4258');
  if (postcode) url.searchParams.set('postnummer', postcode);
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(KARTVERKET_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as { adresser?: KartverketHit[] };
    return Array.isArray(body.adresser) ? body.adresser.map(toRawHit) : null;
  } catch {
    return null;
  }
}

export async function searchOffline(db: Db, q: AddressQuery): Promise<RawAddressHit[]> {
  const m = /^(\d+)([A-Z]?)$/.exec(q.houseNumber);
  const nummer = m ? Number(m[1]) : null;
  const bokstav = m?.[2] ?? '';
  const rows = await db
    .select({ name: streets.name, postNo: streets.postNo, postPlace: postalCodes.postPlace, lat: postalCodes.lat, lng: postalCodes.lng })
    .from(streets)
    .innerJoin(postalCodes, eq(postalCodes.postNo, streets.postNo))
    .where(
      and(
        // The same clean-up as parseAddress (punctuation → space, spaces collapsed): "St. Olavs gate" = "St Olavs gate".
        eq(sql`lower(trim(regexp_replace(regexp_replace(${streets.name}, '[^[:alnum:][:space:]]+', ' ', 'g'), '[[:space:]]+', ' ', 'g')))`, q.street.toLocaleLowerCase('nb-NO')),
        q.postcode ? eq(streets.postNo, q.postcode) : undefined,
        eq(postalCodes.retired, false),
      ),
    )
    .orderBy(asc(streets.postNo))
    .limit(MAX_HITS);
  return rows.map((r) => ({
    adressetekst: `${r.name} ${q.houseNumber}`,
    adressenavn: r.name,
    nummer,
    bokstav,
    postnummer: r.postNo,
    poststed: r.postPlace,
    representasjonspunkt: r.lat != null && r.lng != null ? { lat: r.lat, lon: r.lng } : null,
  }));
}
