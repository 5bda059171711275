/**
 * schema.org JSON-LD builders (https://schema.org, Google's "Product", "BreadcrumbList" and "LocalBusiness" rich
 * results): pure functions from the web shapes of @shop/contracts to the objects a page writes as
 * `<script type="application/ld+json">`. URLs come out absolute (from the origin the caller passes).
 */
import { WEB_SHOP_ID } from '@shop/contracts/constants';
import { weekOpeningHours } from '@shop/contracts/mappers';
import { productPath } from '@shop/contracts/routes';
import type { ArticleDetail, Shop } from '../types/index.js';
import type { JsonLd } from '../ssr/head.js';
import { absoluteUrl, metaDescription } from './text.js';

export const SCHEMA_ORG = 'https://schema.org';

/** Øre (integer) → the decimal string schema.org's `price` wants: 49900 → "499.00", 1 → "0.01". */
export function priceFromOre(ore: number): string {
  const whole = Math.round(Number.isFinite(ore) ? ore : 0);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type ItemAvailability = 'InStock' | 'OutOfStock' | 'InStoreOnly';

/**
 * What a shopper can do with the article now. In stock: some variant has units in a shop. Bought on the web only
 * when purchasable on the web; otherwise it is in the shops only (InStoreOnly), and only when a shop the shopper can
 * visit holds it (the web shop's warehouse, shop 55, cannot be visited).
 */
export function articleAvailability(article: Pick<ArticleDetail, 'canPurchase' | 'variants'>): ItemAvailability {
  const stocked = (visitableOnly: boolean) =>
    article.variants.some((variant) => variant.shops.some((shop) => shop.qty > 0 && (!visitableOnly || shop.id !== WEB_SHOP_ID)));
  if (article.canPurchase) return stocked(false) ? 'InStock' : 'OutOfStock';
  return stocked(true) ? 'InStoreOnly' : 'OutOfStock';
}

/** The article's GTIN when the data has one for the article as a whole: its single variant's EAN-13. */
function gtin13(article: Pick<ArticleDetail, 'variants'>): string | undefined {
  const eans = new Set(article.variants.map((v) => v.ean).filter((ean) => /^\d{13}$/.test(ean)));
  return eans.size === 1 ? [...eans][0] : undefined;
}

/** schema.org Product with one Offer (price in NOK, the price the shopper pays: a campaign's when lower). */
export function productJsonLd(article: ArticleDetail, origin: string): JsonLd {
  const url = absoluteUrl(origin, productPath(article.slug));
  const description = metaDescription(article.description, 5000);
  const gtin = gtin13(article);
  const ld: JsonLd = {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    name: article.name,
    url,
    sku: article.articleNo || String(article.id),
    ...(gtin ? { gtin13: gtin } : {}),
    ...(description ? { description } : {}),
    ...(article.image ? { image: absoluteUrl(origin, article.image) } : {}),
    ...(article.brand ? { brand: { '@type': 'Brand', name: article.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: priceFromOre(article.price),
      priceCurrency: 'NOK',
      availability: `${SCHEMA_ORG}/${articleAvailability(article)}`,
      itemCondition: `${SCHEMA_ORG}/NewCondition`,
    },
  };
  const rated = article.reviews.filter((review) => review.approved && review.rating >= 1);
  if (article.averageRating !== null && rated.length > 0) {
    ld.aggregateRating = { '@type': 'AggregateRating', ratingValue: article.averageRating, reviewCount: rated.length, bestRating: 5, worstRating: 1 };
  }
  return ld;
}

export interface BreadcrumbItem {
  name: string;
  /** Site-relative path ("/klaer/jakker"). */
  path: string;
}

/** schema.org BreadcrumbList: the trail from the home page to this page, positions from 1. */
export function breadcrumbListJsonLd(items: readonly BreadcrumbItem[], origin: string): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Monday first (SPEC §1), so the specification reads like the shop locator's week. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/**
 * The shop's week as schema.org OpeningHoursSpecification: days with the same hours in one entry, Monday first;
 * closed days are left out (schema.org's way of saying closed). "24:00" becomes "23:59", the form Google reads as
 * "until midnight".
 */
export function openingHoursSpecification(shop: Pick<Shop, 'openingHoursEntries'>): OpeningHoursSpecification[] {
  const week = weekOpeningHours(shop.openingHoursEntries);
  const specs: OpeningHoursSpecification[] = [];
  for (const day of MONDAY_FIRST) {
    const hours = week[day];
    if (!hours) continue;
    const closes = hours.closes === '24:00' ? '23:59' : hours.closes;
    const same = specs.find((spec) => spec.opens === hours.opens && spec.closes === closes);
    const dayUrl = `${SCHEMA_ORG}/${SCHEMA_DAYS[day]}`;
    if (same) same.dayOfWeek.push(dayUrl);
    else specs.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: [dayUrl], opens: hours.opens, closes });
  }
  return specs;
}

/**
 * schema.org Store of a physical shop. `url` is the page that shows the shop (the shop locator, with the shop's
 * anchor); `@id` names the shop so other JSON-LD can point at it.
 */
export function storeJsonLd(shop: Shop, options: { origin: string; url: string; brandName?: string }): JsonLd {
  const url = absoluteUrl(options.origin, options.url);
  const hours = openingHoursSpecification(shop);
  const description = metaDescription(shop.description, 5000);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Store',
    '@id': url,
    name: shop.fullName || shop.name,
    url,
    ...(description ? { description } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address,
      postalCode: shop.postNo,
      addressLocality: shop.postPlace,
      addressCountry: 'NO',
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.coords.latitude, longitude: shop.coords.longitude },
    ...(shop.phone ? { telephone: shop.phone } : {}),
    ...(shop.email ? { email: shop.email } : {}),
    ...(shop.mapLink ? { hasMap: shop.mapLink } : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(options.brandName ? { brand: { '@type': 'Brand', name: options.brandName } } : {}),
  };
}
