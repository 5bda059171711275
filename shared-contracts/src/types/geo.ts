/** Postal codes, distances and address lookup. */

/** Items of GET /postalcodes and the answer of GET /postalcodes/{zip}. Source: Erik Bolstad's postnummer.tsv. */
export interface RawPostalCode {
  /** Four digits, leading zeros kept: "0150". */
  PostNo: string;
  PostPlace: string;
  MunicipalityNo: string | null;
  Municipality: string | null;
  /** WGS84; null for codes without a position. */
  CoordLat: number | null;
  CoordLong: number | null;
}

export interface PostalCode {
  postNo: string;
  postPlace: string;
  lat: number | null;
  lng: number | null;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * GET /osrm/table/v1/car/{lng,lat;lng,lat…}?annotations=distance|duration|duration,distance — the OSRM table
 * service contract (the API may answer with a great-circle fallback; `durations` may then be absent).
 */
export interface RawOsrmTable {
  code: 'Ok' | string;
  /** Seconds, [source][destination]. */
  durations?: Array<Array<number | null>>;
  /** Metres, [source][destination]. */
  distances?: Array<Array<number | null>>;
  message?: string;
}

/** One hit of the address lookup (Kartverket "adresser/v1/sok" field names), proxied by GET /geo/addresses. */
export interface RawAddressHit {
  adressetekst: string;
  adressenavn: string;
  nummer: number | null;
  bokstav: string;
  postnummer: string;
  poststed: string;
  representasjonspunkt: { lat: number; lon: number } | null;
}

/** GET /geo/addresses?sok={text}: the Kartverket answer envelope. */
export interface RawAddressSearch {
  adresser: RawAddressHit[];
}

/** A map feature the address lookup returns, in web shape (compare with parseAddress via addressMatches). */
export interface AddressFeature {
  street: string;
  /** Number plus optional letter, e.g. "12B". */
  houseNumber: string;
  postcode: string;
  city: string;
  position: LatLng | null;
}

/** A parsed free-text street address. */
export interface ParsedAddress {
  street: string;
  /** Number plus optional letter, upper-cased: "12B". */
  houseNumber: string;
}

export interface AddressLookupError {
  status: 'ADDRESS_NOT_FOUND';
  message: string;
}
