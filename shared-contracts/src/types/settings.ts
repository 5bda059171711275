/** Tenant (brand) configuration and home-page settings. */

/** A banner slot of the home page. */
export interface RawBanner {
  Image: string;
  ImageMobile: string | null;
  /** Site-relative or absolute link. */
  Link: string | null;
  Title: string | null;
  Text: string | null;
}

/** A tile of the "popular categories" row. */
export interface RawPopularCategory {
  Name: string;
  Image: string;
  Link: string;
}

/**
 * GET /settings: home-page banner slots. Slots may be null when not configured; SubBanners has 3 entries and
 * Grid3x3 9 (shorter arrays are padded with null by the mapper, longer ones cut).
 */
export interface RawSettings {
  TopBanner: RawBanner | null;
  SubBanners: Array<RawBanner | null>;
  StoreSearch: RawBanner | null;
  PopularCategories: RawPopularCategory[];
  Grid3x3: Array<RawBanner | null>;
}

/** Menu entries that are shown only for brands on their list (SPEC §2). */
export type BrandMenuEntry = 'support' | 'maintenance' | 'about' | 'policy';

/** GET /tenant/get: the brand this site runs as. */
export interface RawTenant {
  TenantID: number;
  /** The current brand's name, e.g. "Staut". */
  BrandName: string;
  /** Always 1 (SPEC §2 theme). */
  ChainID: number;
  /** Brands for which each menu entry is shown. */
  MenuBrands: Record<BrandMenuEntry, string[]>;
  /** The brand with single-line header, footer and hidden search. */
  SingleLineHeaderBrand: string;
  CustomerServiceEmail: string;
  /** Footer copyright holder, e.g. "Staut Sport AS". */
  CompanyName: string;
}

export interface Banner {
  image: string;
  imageMobile: string | null;
  link: string | null;
  title: string | null;
  text: string | null;
}

export interface PopularCategory {
  name: string;
  image: string;
  link: string;
}

export interface Settings {
  topBanner: Banner | null;
  /** Always 3 entries. */
  subBanners: [Banner | null, Banner | null, Banner | null];
  storeSearch: Banner | null;
  popularCategories: PopularCategory[];
  /** Always 9 entries, row by row. */
  grid3x3: Array<Banner | null>;
}

export interface Tenant {
  id: number;
  brandName: string;
  chainId: number;
  menuBrands: Record<BrandMenuEntry, string[]>;
  singleLineHeaderBrand: string;
  /** True when brandName is the single-line-header brand (single-line header, footer, hidden search). */
  singleLineHeader: boolean;
  customerServiceEmail: string;
  companyName: string;
}
