/**
 * Props the shell passes to each page component it mounts from a remote (the route table's "mapped params").
 * Pages may keep reading `useParams()` too, but these props are the stable contract: they already carry the
 * mapping of SPEC §2 (voksen → gender uni with url voksen, barn-junior, the catch-all's three levels, ids split on +).
 */
import type { ArticleDetail } from '../types/catalog.js';
import type { Shop } from '../types/shop.js';
import type { Settings, Tenant } from '../types/settings.js';
import type { GenderRoute } from './index.js';

/** mf_content/HomePage on `/` and `/preview/{name}`. */
export interface HomePageProps {
  /** `/preview/{name}`: the unpublished layout to show; null on `/`. */
  previewName: string | null;
  /** Home banner slots from GET /settings; null while loading or when the call failed. */
  settings: Settings | null;
  /** The brand (GET /tenant/get); the shell's fallback while loading. */
  tenant: Tenant;
}

/** mf_content/StaticPage on the static paths and the four article pages. */
export interface StaticPageProps {
  /** The page's path segment: "om-oss", "kundeservice", "hvordan-kle-barna", … */
  slug: string;
  /** True inside a modal (e.g. the privacy modal): the modal already shows the title. */
  embedded?: boolean;
}

/**
 * mf_catalog/CategoryPage on the catch-all `/{categoryName?}/{subcategoryName?}/{group?}` and on the gender
 * landings `/{gender}`. Category levels are URL params (lowercase, dashes, "&" kept, decoded); a level is null when
 * the URL stops above it. On a gender landing the three levels are null and `gender` is set.
 */
export interface CategoryPageProps {
  /** Main group param, e.g. "vintersport". */
  mainGroup: string | null;
  /** Article group 2 param, e.g. "hjelmer-&-alpinbriller". */
  subcategory: string | null;
  /** Article group 3 param, e.g. "alpinbriller". */
  group: string | null;
  /** The gender landing (url kept: voksen → {url: 'voksen', gender: 'uni', genderIds: [10]}), else null. */
  gender: GenderRoute | null;
}

/** mf_catalog/ProductPage on `/product/{articleName}` (an id never reaches the page: the shell forwards it). */
export interface ProductPageProps {
  /** The slug from the URL. */
  articleName: string;
  /** The article the shell's guard loaded to check visibility: the page need not fetch it again. */
  article: ArticleDetail;
}

/**
 * What mf_catalog/ProductPage's loader gives the server-rendered page: the shell's guard shows the page with this
 * article on the first render instead of loading it (server and hydration alike). Null: missing or hidden (404).
 */
export interface ProductPageData {
  article: ArticleDetail | null;
  /** Shop names for the availability rows. */
  shops?: Shop[];
}

/** mf_catalog/SearchPage on `/search/{query}`. */
export interface SearchPageProps {
  /** Decoded query text. */
  query: string;
}

/** mf_catalog/SelectionPage on `/utvalg/{ids}`. */
export interface SelectionPageProps {
  /** Article ids, split on "+". */
  ids: number[];
}
