/**
 * The chain's shops: real towns, real postcodes and streets (checked against api/data), coordinates of the postcode
 * from the same data set. Opening hours use the SPEC format `days-from-to:hhmm-hhmm`, comma separated, where days are
 * ISO weekdays: 1 = Monday … 7 = Sunday (SPEC §1: Monday is the first weekday). A day missing from every entry is
 * closed.
 */
import { SEED, WEB_STOCK_ID } from './catalogue.js';
import { int, rngFor } from './prng.js';

export interface ShopRow {
  id: number;
  no: string;
  name: string;
  fullName: string;
  orgNo: string;
  description: string;
  openingHours: string;
  mapLink: string;
  postNo: string;
  postPlace: string;
  address: string;
  email: string;
  phone: string;
  messenger: string;
  chainId: number;
  lat: number;
  lng: number;
  isWebStock: boolean;
}

export const OPENING_HOURS_RE = /^[1-7]-[1-7]:([01]\d|2[0-3])[0-5]\d-([01]\d|2[0-4])[0-5]\d(,[1-7]-[1-7]:([01]\d|2[0-3])[0-5]\d-([01]\d|2[0-4])[0-5]\d)*$/;

/** Norwegian organisation number: 9 digits, MOD11 check digit with weights 3 2 7 6 5 4 3 2. */
export function orgNoCheckDigit(first8: string): number | null {
  const w = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...first8].reduce((s, d, i) => s + Number(d) * w[i], 0);
  const rest = 11 - (sum % 11);
  if (rest === 11) return 0;
  if (rest === 10) return null; // no valid number with this body
  return rest;
}

export function isValidOrgNo(orgNo: string): boolean {
  return /^\d{9}$/.test(orgNo) && orgNoCheckDigit(orgNo.slice(0, 8)) === Number(orgNo[8]);
}

function orgNo(shopId: number): string {
  const rng = rngFor(SEED, 'orgno', shopId);
  for (;;) {
    const body = `9${String(int(rng, 0, 9_999_999)).padStart(7, '0')}`;
    const check = orgNoCheckDigit(body);
    if (check !== null) return body + check;
  }
}

interface ShopSeed {
  id: number;
  slug: string;
  name: string;
  address: string;
  postNo: string;
  postPlace: string;
  lat: number;
  lng: number;
  area: string;
  hours: string;
  description: string;
}

const CITY = '1-5:1000-2000,6-6:1000-1800';
const MALL = '1-5:1000-2100,6-6:1000-1900';

const SHOPS: ShopSeed[] = [
  { id: 1, slug: 'oslo-sentrum', name: 'Oslo Sentrum', address: 'Karl Johans gate 14', postNo: '0154', postPlace: 'Oslo', lat: 59.9115, lng: 10.7475, area: '22', hours: CITY, description: 'Vår største butikk, midt på Karl Johan. Stort utvalg i turklær, ski og løpesko, og eget verksted for skipreparering.' },
  { id: 2, slug: 'nydalen', name: 'Oslo Nydalen', address: 'Nydalsveien 30', postNo: '0484', postPlace: 'Oslo', lat: 59.9479, lng: 10.7672, area: '22', hours: MALL, description: 'Et steinkast fra Akerselva og Nordmarka – perfekt for å handle på vei til marka.' },
  { id: 3, slug: 'bergen', name: 'Bergen', address: 'Strandgaten 18', postNo: '5013', postPlace: 'Bergen', lat: 60.3943, lng: 5.3226, area: '55', hours: CITY, description: 'Regntøy for Bergen og fjellutstyr til Fløyen og Vidden. Sentralt i Strandgaten.' },
  { id: 4, slug: 'trondheim', name: 'Trondheim', address: 'Nordre gate 11', postNo: '7011', postPlace: 'Trondheim', lat: 63.4322, lng: 10.3965, area: '73', hours: CITY, description: 'I hjertet av Midtbyen, med stort utvalg i langrenn og ullklær.' },
  { id: 5, slug: 'stavanger', name: 'Stavanger', address: 'Kirkegata 22', postNo: '4006', postPlace: 'Stavanger', lat: 58.972, lng: 5.7329, area: '51', hours: CITY, description: 'Alt du trenger til Preikestolen og Kjerag, midt i sentrum.' },
  { id: 6, slug: 'kristiansand', name: 'Kristiansand', address: 'Markens gate 25', postNo: '4611', postPlace: 'Kristiansand S', lat: 58.1457, lng: 7.9935, area: '38', hours: CITY, description: 'Sommer, sol og fjellturer – vi har utstyret i Markens gate.' },
  { id: 7, slug: 'tromso', name: 'Tromsø', address: 'Storgata 62', postNo: '9008', postPlace: 'Tromsø', lat: 69.6513, lng: 18.9567, area: '77', hours: '1-5:1000-1900,6-6:1000-1800', description: 'Toppturutstyr og varme klær for Lyngen og nordlysjakt.' },
  { id: 8, slug: 'bodo', name: 'Bodø', address: 'Storgata 8', postNo: '8006', postPlace: 'Bodø', lat: 67.2848, lng: 14.3892, area: '75', hours: CITY, description: 'Vind- og værutstyr for kyst og fjell i Nordland.' },
  { id: 9, slug: 'alesund', name: 'Ålesund', address: 'Kongens gate 12', postNo: '6002', postPlace: 'Ålesund', lat: 62.4751, lng: 6.1605, area: '70', hours: CITY, description: 'Sunnmørsalpene starter her. Stort utvalg i randonee og fjellsko.' },
  { id: 10, slug: 'lillehammer', name: 'Lillehammer', address: 'Kirkegata 41', postNo: '2609', postPlace: 'Lillehammer', lat: 61.113, lng: 10.4704, area: '61', hours: CITY, description: 'OL-byens sportsbutikk med langrenn, alpint og skiservice.' },
  { id: 11, slug: 'hamar', name: 'Hamar', address: 'Grønnegata 70', postNo: '2317', postPlace: 'Hamar', lat: 60.7954, lng: 11.0725, area: '62', hours: CITY, description: 'Ved Mjøsa, med alt til skøyter, ski og sommerturer.' },
  { id: 12, slug: 'drammen', name: 'Drammen', address: 'Bragernes torg 6', postNo: '3017', postPlace: 'Drammen', lat: 59.7442, lng: 10.2033, area: '32', hours: CITY, description: 'Midt på Bragernes torg – løpesko, treningstøy og barneklær.' },
  { id: 13, slug: 'geilo', name: 'Geilo', address: 'Geilovegen 38', postNo: '3580', postPlace: 'Geilo', lat: 60.5355, lng: 8.2081, area: '32', hours: '1-5:0900-1800,6-6:0900-1700,7-7:1100-1600', description: 'Fjellbutikk med skiutleie, smøreservice og søndagsåpent hele vinteren.' },
  { id: 14, slug: 'alta', name: 'Alta', address: 'Markedsgata 12', postNo: '9510', postPlace: 'Alta', lat: 69.9704, lng: 23.2866, area: '78', hours: '1-5:1000-1800,6-6:1000-1600', description: 'Utstyr for Finnmarksvidda, hundeturer og vinterfiske.' },
];

function phone(area: string, id: number): string {
  const rng = rngFor(SEED, 'phone', id);
  const rest = String(int(rng, 100_000, 999_999));
  return `${area} ${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`;
}

export function buildShops(): ShopRow[] {
  const shops: ShopRow[] = SHOPS.map((s) => ({
    id: s.id,
    no: String(1000 + s.id),
    name: s.name,
    fullName: `Staut ${s.name}`,
    orgNo: orgNo(s.id),
    description: s.description,
    openingHours: s.hours,
    mapLink: `https://www.openstreetmap.org/?mlat=${s.lat}&mlon=${s.lng}#map=17/${s.lat}/${s.lng}`,
    postNo: s.postNo,
    postPlace: s.postPlace,
    address: s.address,
    email: `${s.slug}@staut.no`,
    phone: phone(s.area, s.id),
    messenger: `https://m.me/staut.${s.slug.replace(/-/g, '')}`,
    chainId: 1,
    lat: s.lat,
    lng: s.lng,
    isWebStock: false,
  }));
  // The web shop's stock location (warehouse at Gardermoen); its "opening hours" are customer service hours.
  shops.push({
    id: WEB_STOCK_ID,
    no: '1055',
    name: 'Nettbutikk',
    fullName: 'Staut Nettbutikk',
    orgNo: orgNo(WEB_STOCK_ID),
    description: 'Nettbutikkens lager. Varer sendes fra lageret på Gardermoen, normalt innen 1–3 virkedager.',
    openingHours: '1-5:0900-1600',
    mapLink: 'https://www.openstreetmap.org/?mlat=60.194&mlon=11.0994#map=14/60.194/11.0994',
    postNo: '2060',
    postPlace: 'Gardermoen',
    address: 'Gardermovegen 41',
    email: 'kundeservice@staut.no',
    phone: '22 00 55 55',
    messenger: 'https://m.me/staut.no',
    chainId: 1,
    lat: 60.194,
    lng: 11.0994,
    isWebStock: true,
  });
  return shops;
}
