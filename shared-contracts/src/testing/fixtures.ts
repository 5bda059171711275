/**
 * Realistic RAW payloads for tests in any package (`@shop/contracts/testing`): what the API sends, so a test
 * can run the real mappers/client instead of hand-writing web shapes. Pass overrides for the case under test.
 */
import type { RawArticle, RawArticleDetail, RawCategory, RawVariant } from '../types/catalog.js';
import type { RawShop } from '../types/shop.js';
import type { RawCustomer } from '../types/customer.js';
import type { RawPostalCode } from '../types/geo.js';

export function rawVariant(overrides: Partial<RawVariant> = {}): RawVariant {
  return {
    VariantID: 9001,
    EanNo: '7090012345675',
    Size: { SizeID: 3, Name: 'M' },
    Color: { ColorID: 12, Name: 'Marineblå', Hex: '#1d3557', ColorCode: '410', Image: '/api/v1/images/variants/9001.svg' },
    Shops: [
      { ShopID: 55, Qty: 4 },
      { ShopID: 3, Qty: 0 },
      { ShopID: 7, Qty: 2 },
    ],
    ...overrides,
  };
}

export function rawArticle(overrides: Partial<RawArticle> = {}): RawArticle {
  return {
    ArticleID: 101,
    ArticleNo: '10023-410',
    Name: 'Fjellbris skalljakke herre',
    Slug: 'fjellbris-skalljakke-herre',
    Description: 'Lett og pustende skalljakke med 15 000 mm vannsøyle.',
    SuggestedFinalPrice: 199900.4,
    Pant: null,
    ProductLineID: 2,
    ProductLineName: 'Staut',
    PurchasableOnWeb: 1,
    VisibleOnWeb: 1,
    Featured: 0,
    MainGroupID: 1,
    MainGroupName: 'Tekstil',
    ArticleGroup2ID: 11,
    ArticleGroup2Name: 'Jakker',
    ArticleGroup3ID: 111,
    ArticleGroup3Name: 'Skalljakker',
    GenderID: 1,
    GenderName: 'Herre',
    WebLabel: null,
    WebPurchaseLimit: 5,
    OnlyCC: 0,
    Season: 'AW26',
    FrightPrice: null,
    BestsellerQtyRank: null,
    BestsellerTurnoverRank: null,
    AverageRating: 4.5,
    Image: '/api/v1/images/articles/101.svg',
    Colors: [{ ColorID: 12, Name: 'Marineblå', Hex: '#1d3557', ColorCode: '410' }],
    ColorGroupIDs: [3],
    ShopIDs: [3, 7, 55],
    AvailableShopIDs: [7, 55],
    Campaigns: [],
    ...overrides,
  };
}

export function rawArticleDetail(overrides: Partial<RawArticleDetail> = {}): RawArticleDetail {
  return {
    ...rawArticle(),
    TechDescription: 'Vannsøyle 15 000 mm. Pusteevne 10 000 g/m²/24t.',
    NutrientContent: null,
    WashLabel: '40 °C, ikke tørketrommel',
    CareLabel: 'Impregneres etter vask',
    DateCreated: '2026-09-01T08:00:00.000Z',
    Variants: [rawVariant()],
    Reviews: [
      {
        id: 1,
        content: 'God passform og holder tett.',
        reply: null,
        customer: { id: 7, first_name: 'Kari', last_name: 'Nordmann' },
        rating: 5,
        approved: 1,
        created_at: '2026-10-01T12:00:00.000Z',
        reviewable_id: 101,
        reviewable_type: 'article',
        true_to_size: 0,
        size_color: 'M / Marineblå',
        anonymous: 0,
      },
    ],
    ...overrides,
  };
}

export function rawCategory(overrides: Partial<RawCategory> = {}): RawCategory {
  return {
    MainGroupID: 1,
    Name: 'Tekstil',
    Count: 41,
    Banner: null,
    BannerLink: null,
    MinPrice: 14900,
    MaxPrice: 349900,
    Subcategories: [
      {
        ArticleGroup2ID: 11,
        MainGroupID: 1,
        Name: 'Jakker',
        MinPrice: 49900,
        MaxPrice: 349900,
        Count: 12,
        Groups: [{ ArticleGroup3ID: 111, ArticleGroup2ID: 11, Name: 'Skalljakker', Count: 5 }],
      },
    ],
    ProductLines: [{ ProductLineID: 2, Name: 'Staut' }],
    ...overrides,
  };
}

export function rawShop(overrides: Partial<RawShop> = {}): RawShop {
  return {
    ShopID: 3,
    ShopNo: '003',
    Name: 'Staut Lillehammer',
    FullName: 'Staut Sport Lillehammer AS',
    OrgNo: '912345678',
    Description: null,
    OpeningHours: '1-5:1000-2000,6-6:1000-1800',
    MapLink: 'https://www.openstreetmap.org/?mlat=61.1153&mlon=10.4662',
    PostNo: '2609',
    PostPlace: 'Lillehammer',
    Address: 'Storgata 54',
    Email: 'lillehammer@example.no',
    Phone: '61 25 00 00',
    Messenger: null,
    ChainID: 1,
    Latitude: 61.1153,
    Longitude: 10.4662,
    ...overrides,
  };
}

export function rawCustomer(overrides: Partial<RawCustomer> = {}): RawCustomer {
  return {
    id: 7,
    first_name: 'Kari',
    last_name: 'Nordmann',
    auth_id: null,
    email: 'kari@example.no',
    phone: '91234567',
    birth_date: '1990-05-17',
    gender_id: 2,
    cookies: 1,
    permissions: [],
    terms_conditions: 1,
    email_verified: '2026-01-02T10:00:00.000Z',
    address: 'Storgata 1',
    postal_code: '0155',
    city: 'Oslo',
    preferences: null,
    club: 1,
    marketing: 0,
    newsletter: 1,
    event_invite: 0,
    birthday_gift: 0,
    cookie_default: 1,
    cookie_ga: 0,
    cookie_google_tag_manager: 0,
    cookie_meta_pixel: 0,
    ...overrides,
  };
}

export function rawPostalCode(overrides: Partial<RawPostalCode> = {}): RawPostalCode {
  return {
    PostNo: '0150',
    PostPlace: 'Oslo',
    MunicipalityNo: '0301',
    Municipality: 'Oslo',
    CoordLat: 59.9076,
    CoordLong: 10.7513,
    ...overrides,
  };
}

/** One call a fake transport received. */
export interface TransportCall {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

/**
 * A fake of the API's in-process transport for page-loader tests (`setServerTransport(() => fake.transport)`):
 * routes by "METHOD /path" to a body (200) or `{ status, data }`; anything unrouted answers 404. `calls` lists
 * what the loader asked for.
 */
export function fakeTransport(routes: Record<string, unknown | ((call: TransportCall) => unknown)>) {
  const calls: TransportCall[] = [];
  const transport = async (call: TransportCall): Promise<{ status: number; data: unknown }> => {
    calls.push(call);
    const route = routes[`${call.method.toUpperCase()} ${call.url}`];
    if (route === undefined) return { status: 404, data: { message: 'Not found' } };
    const answer = typeof route === 'function' ? (route as (call: TransportCall) => unknown)(call) : route;
    if (answer && typeof answer === 'object' && 'status' in answer && 'data' in answer && typeof (answer as { status: unknown }).status === 'number') {
      return answer as { status: number; data: unknown };
    }
    return { status: 200, data: answer };
  };
  return { transport, calls };
}

export * from './cartCases.js';
export * from './richTextCases.js';

export { expectingFailedAnswers } from './failedAnswers.js';
