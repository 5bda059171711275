/**
 * Postal codes and streets from api/data (Erik Bolstad, CC BY 3.0 — see api/data/README.md). The files are read
 * from the project itself, never from outside the repository, so a deployed copy of api/ is self-contained.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const DATA_DIR = new URL('../../data/', import.meta.url);

export const POSTAL_CODES_FILE = new URL('postnummer.tsv.gz', DATA_DIR);
export const STREETS_FILE = new URL('gater.tsv.gz', DATA_DIR);

const RETIRED_SUFFIX = /\s*\(ikkje i bruk\)\s*$/i;

export interface PostalCodeRow {
  postNo: string;
  postPlace: string;
  usage: string | null;
  municipalityNo: string | null;
  municipality: string | null;
  county: string | null;
  lat: number | null;
  lng: number | null;
  quality: number | null;
  retired: boolean;
}

export interface StreetRow {
  postNo: string;
  name: string;
}

function readTsv(file: URL, skipLines: number): { header: string[]; rows: string[][] } {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const lines = text.split(/\r?\n/).slice(skipLines).filter((l) => l.length > 0);
  const header = lines[0].split('\t');
  return { header, rows: lines.slice(1).map((l) => l.split('\t')) };
}

function column(header: string[], name: string): number {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`column ${name} missing in ${header.join(', ')}`);
  return i;
}

const orNull = (s: string | undefined) => (s && s.trim() !== '' ? s.trim() : null);
const numOrNull = (s: string | undefined) => (s && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);

export function readPostalCodes(file: URL = POSTAL_CODES_FILE): PostalCodeRow[] {
  const { header, rows } = readTsv(file, 0);
  const c = {
    no: column(header, 'POSTNR'),
    place: column(header, 'POSTSTAD'),
    usage: column(header, 'BRUKSOMRÅDE'),
    munNo: column(header, 'KOMMNR'),
    mun: column(header, 'KOMMUNE'),
    county: column(header, 'FYLKE'),
    lat: column(header, 'LAT'),
    lng: column(header, 'LON'),
    quality: column(header, 'DATAKVALITET'),
  };
  return rows.map((r) => {
    const place = r[c.place] ?? '';
    const munNo = orNull(r[c.munNo]);
    return {
      postNo: r[c.no].padStart(4, '0'),
      postPlace: place.replace(RETIRED_SUFFIX, ''),
      usage: orNull(r[c.usage]),
      // Municipality numbers are four digits; the file drops the leading zero (301 = Oslo 0301).
      municipalityNo: munNo ? munNo.padStart(4, '0') : null,
      municipality: orNull(r[c.mun]),
      county: orNull(r[c.county]),
      lat: numOrNull(r[c.lat]),
      lng: numOrNull(r[c.lng]),
      quality: numOrNull(r[c.quality]),
      retired: RETIRED_SUFFIX.test(place),
    };
  });
}

/** Row types that are not addresses a shopper can live at. */
const NOT_ADDRESSES = new Set(['Postboksadresse', 'Postboksar (tidl Serviceboks)', 'Firma/organisasjon med eige postnummer']);
/**
 * A street split over several postcodes carries its house-number ranges ("Karl Johans gate 1-15, 2-16",
 * "Festningsgata 3-43 (ulike)"); the ranges are not part of the name.
 */
const NUMBER_RANGES =
  /\s+\d+\s?[a-z]{0,2}(\s*-\s*(\d+\s?[a-z]?|slutt)|\s*,\s*\d+\s?[a-z]{0,2}|\s+og(\s+\d+[a-z]?)?|\s+-?\s*slutt|\s+\d+[a-z]?|\.)*(\s*\([^)]*\))?$/i;

export function readStreets(file: URL = STREETS_FILE): StreetRow[] {
  // Four preamble lines (title, licence URL, note, ---) precede the header.
  const { header, rows } = readTsv(file, 4);
  const c = { no: column(header, 'POSTNR'), name: column(header, 'GATE/VEG/STADNAMN/ANNA'), type: column(header, 'TYPE') };
  const seen = new Set<string>();
  const out: StreetRow[] = [];
  for (const r of rows) {
    if (NOT_ADDRESSES.has(r[c.type])) continue;
    const postNo = r[c.no].padStart(4, '0');
    let name = r[c.name].replace(/\s+/g, ' ').trim();
    if (r[c.type] === 'Gate-/veg-adresse') name = name.replace(NUMBER_RANGES, '').trim();
    if (!name) continue;
    const key = `${postNo}\t${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ postNo, name });
  }
  return out;
}
