/** Physical shops (SPEC §3 Shop). */

/** GET /shops (array). Shop 55 is the web-shop stock location and is included. */
export interface RawShop {
  ShopID: number;
  /** The chain's own shop number, e.g. "012". */
  ShopNo: string;
  Name: string;
  FullName: string;
  OrgNo: string;
  Description: string | null;
  /**
   * Opening hours "days-from-to:hhmm-hhmm" entries joined by commas, e.g. "1-5:1000-2000,6-6:1000-1800".
   * Days use JavaScript numbering: 0 søndag, 1 mandag … 6 lørdag (7 is also accepted as søndag).
   * A day without an entry is closed. Empty string: no opening hours (web-shop location).
   */
  OpeningHours: string;
  MapLink: string | null;
  PostNo: string;
  PostPlace: string;
  Address: string;
  Email: string | null;
  Phone: string | null;
  /** Messenger/chat link. */
  Messenger: string | null;
  ChainID: number;
  Latitude: number;
  Longitude: number;
}

/** One parsed entry of the opening-hours string: days fromDay..toDay open from `opens` to `closes`. */
export interface OpeningHoursEntry {
  /** 0 søndag … 6 lørdag. */
  fromDay: number;
  toDay: number;
  /** "10:00". */
  opens: string;
  /** "20:00". */
  closes: string;
}

/** Opening hours per weekday (index 0 søndag … 6 lørdag); null = closed that day. */
export type WeekOpeningHours = Array<{ opens: string; closes: string } | null>;

export interface Coords {
  latitude: number;
  longitude: number;
}

export interface Shop {
  id: number;
  no: string;
  name: string;
  fullName: string;
  orgNo: string;
  description: string | null;
  /** The raw string as sent. */
  openingHours: string;
  /** Parsed entries (malformed entries are dropped and logged). */
  openingHoursEntries: OpeningHoursEntry[];
  mapLink: string | null;
  postNo: string;
  postPlace: string;
  address: string;
  email: string | null;
  phone: string | null;
  messenger: string | null;
  chain: number;
  coords: Coords;
  /** Metres from the shopper, filled in by the shop locator; null until known. */
  distance: number | null;
}
