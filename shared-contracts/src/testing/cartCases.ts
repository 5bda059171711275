/**
 * One table of cart cases that the browser's cart rules (mf-cart-checkout/src/cart/cartCases.test.ts) and the
 * server's checkout rules (api/src/checkout/cartCases.test.ts) are both held to (docs/adr/0016): when the two sides
 * disagree on a total, a freight or a line's ceiling, a test fails on the side that moved.
 *
 * Money in øre. A case describes lines as the API knows them; each side builds its own shape from it.
 */
import { WEB_SHOP_ID, type CampaignPriceRow } from '../constants/index.js';

/** One line as the API stores its article: price after campaigns, pant, freight (null = the default 9900). */
export interface CartCaseLine {
  ean: string;
  price: number;
  pant: number;
  count: number;
  frightPrice: number | null;
}

/** SPEC §4 totals and ADR 0002 freight, for a non-empty cart (an empty cart cannot be reserved). */
export interface CartTotalsCase {
  case: string;
  lines: CartCaseLine[];
  discount: { fixed: boolean; amount: number } | null;
  /** Sum of price × count. */
  subtotal: number;
  /** Sum of pant × count. */
  deposit: number;
  /** What the discount takes off after the deposit floor. */
  discounted: number;
  /** Goods after the discount, before freight (the cart's "total"). */
  total: number;
  /** Home delivery: the highest frightPrice among the lines. */
  freight: number;
}

const line = (ean: string, over: Partial<CartCaseLine> = {}): CartCaseLine => ({ ean, price: 49900, pant: 0, count: 1, frightPrice: 9900, ...over });

export const cartTotalsCases: readonly CartTotalsCase[] = [
  { case: 'one line', lines: [line('7000000000011')], discount: null, subtotal: 49900, deposit: 0, discounted: 0, total: 49900, freight: 9900 },
  {
    case: 'price × count summed over lines',
    lines: [line('7000000000011', { count: 3 }), line('7000000000028', { price: 2990 })],
    discount: null, subtotal: 152690, deposit: 0, discounted: 0, total: 152690, freight: 9900,
  },
  {
    case: 'freight is the highest frightPrice, not the sum',
    lines: [line('7000000000011'), line('7000000000028', { frightPrice: 14900, count: 2 })],
    discount: null, subtotal: 149700, deposit: 0, discounted: 0, total: 149700, freight: 14900,
  },
  {
    case: 'a line without its own freight counts as 9900',
    lines: [line('7000000000011', { frightPrice: 4900 }), line('7000000000028', { frightPrice: null })],
    discount: null, subtotal: 99800, deposit: 0, discounted: 0, total: 99800, freight: 9900,
  },
  {
    case: 'free-freight lines deliver free',
    lines: [line('7000000000011', { frightPrice: 0 })],
    discount: null, subtotal: 49900, deposit: 0, discounted: 0, total: 49900, freight: 0,
  },
  {
    case: 'a percentage discount, rounded to whole øre',
    lines: [line('7000000000011', { price: 199900, count: 2 })],
    discount: { fixed: false, amount: 15 }, subtotal: 399800, deposit: 0, discounted: 59970, total: 339830, freight: 9900,
  },
  {
    case: 'a percentage that rounds half up',
    lines: [line('7000000000011', { price: 333 })],
    discount: { fixed: false, amount: 50 }, subtotal: 333, deposit: 0, discounted: 167, total: 166, freight: 9900,
  },
  {
    case: 'a fixed discount',
    lines: [line('7000000000011')],
    discount: { fixed: true, amount: 10000 }, subtotal: 49900, deposit: 0, discounted: 10000, total: 39900, freight: 9900,
  },
  {
    case: 'a discount never takes the total below the deposit',
    lines: [line('7000000000011', { price: 2990, pant: 200, count: 4, frightPrice: 14900 })],
    discount: { fixed: true, amount: 50000 }, subtotal: 11960, deposit: 800, discounted: 11160, total: 800, freight: 14900,
  },
  {
    case: 'a 100 % discount leaves the deposit',
    lines: [line('7000000000011', { price: 2990, pant: 200, count: 2 }), line('7000000000028')],
    discount: { fixed: false, amount: 100 }, subtotal: 55880, deposit: 400, discounted: 55480, total: 400, freight: 9900,
  },
  {
    case: 'the deposit is part of the goods total',
    lines: [line('7000000000011', { price: 2990, pant: 200, count: 3 })],
    discount: null, subtotal: 8970, deposit: 600, discounted: 0, total: 8970, freight: 9900,
  },
];

/**
 * SPEC §4 ceiling of one line: may a line hold `count` units (count ≥ 2: a new line of 1 is always appended by the
 * cart, and the reservation checks the stock it then takes)? The browser asks "may a line of count − 1 gain one",
 * the server "does it take a home-delivery line of count". `shops` are listed as the API lists a variant's shops —
 * most units first, the web-shop stock first among equals, then by shop id — so the first is the cart's ceiling.
 */
export interface CartCeilingCase {
  case: string;
  count: number;
  limit: number;
  shops: Array<{ shopId: number; qty: number }>;
  verdict: 'ok' | 'limit' | 'stock';
}

export const cartCeilingCases: readonly CartCeilingCase[] = [
  { case: 'under the limit and in stock', count: 2, limit: 5, shops: [{ shopId: WEB_SHOP_ID, qty: 10 }], verdict: 'ok' },
  { case: 'exactly the first shop’s stock', count: 3, limit: 5, shops: [{ shopId: WEB_SHOP_ID, qty: 3 }, { shopId: 1, qty: 2 }], verdict: 'ok' },
  { case: 'one more than the first shop holds', count: 4, limit: 5, shops: [{ shopId: WEB_SHOP_ID, qty: 3 }, { shopId: 1, qty: 2 }], verdict: 'stock' },
  {
    case: 'shops are not added up: a line comes from one shop',
    count: 4, limit: 10, shops: [{ shopId: 1, qty: 3 }, { shopId: WEB_SHOP_ID, qty: 2 }, { shopId: 2, qty: 2 }], verdict: 'stock',
  },
  { case: 'a physical shop with more units than the web stock is the ceiling', count: 6, limit: 10, shops: [{ shopId: 2, qty: 6 }, { shopId: WEB_SHOP_ID, qty: 1 }], verdict: 'ok' },
  { case: 'exactly the web purchase limit', count: 5, limit: 5, shops: [{ shopId: WEB_SHOP_ID, qty: 10 }], verdict: 'ok' },
  { case: 'one over the web purchase limit', count: 6, limit: 5, shops: [{ shopId: WEB_SHOP_ID, qty: 10 }], verdict: 'limit' },
  { case: 'the limit is named before the stock', count: 3, limit: 2, shops: [{ shopId: WEB_SHOP_ID, qty: 1 }], verdict: 'limit' },
  { case: 'sold out everywhere', count: 2, limit: 5, shops: [{ shopId: WEB_SHOP_ID, qty: 0 }, { shopId: 1, qty: 0 }], verdict: 'stock' },
  { case: 'no shop lists the variant', count: 2, limit: 5, shops: [], verdict: 'stock' },
];

/**
 * Campaign prices (docs/adr/0019): the price the cart's line shows — read from GET /variants/{id} when it was added —
 * and the campaign it names (CampaignArticleID, sent at checkout), then what the reservation does with that line when
 * the campaigns running at checkout are `atCheckout`: charge it (the price the catalogue shows at that moment), or
 * refuse it because the campaign it names no longer runs for its article, with the price it costs now. The cart, after
 * such a refusal, re-reads the variant: its line must then show exactly the price the server named.
 */
export interface CartCampaignCase {
  case: string;
  articleId: number;
  /** The article's list price (suggested final price). */
  listPrice: number;
  /** Campaigns running when the cart read the variant (another article's may be listed: they never count). */
  atAdd: CampaignPriceRow[];
  /** Campaigns running when the reservation is placed. */
  atCheckout: CampaignPriceRow[];
  /** The stored line: its unit price and the campaign it names (null = list price). */
  line: { price: number; campaignArticleId: number | null };
  checkout: { verdict: 'charged'; price: number; campaignArticleId: number | null } | { verdict: 'refused'; price: number };
}

const ARTICLE = 101;
const LIST = 249900;
const campaign = (campaignArticleId: number, price: number, articleId = ARTICLE): CampaignPriceRow => ({ campaignArticleId, articleId, price });

export const cartCampaignCases: readonly CartCampaignCase[] = [
  {
    case: 'no campaign: the list price, no campaign named',
    articleId: ARTICLE, listPrice: LIST, atAdd: [], atCheckout: [],
    line: { price: LIST, campaignArticleId: null }, checkout: { verdict: 'charged', price: LIST, campaignArticleId: null },
  },
  {
    case: 'an active campaign: its price is shown, named and charged',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(500, 199900)], atCheckout: [campaign(500, 199900)],
    line: { price: 199900, campaignArticleId: 500 }, checkout: { verdict: 'charged', price: 199900, campaignArticleId: 500 },
  },
  {
    case: 'a campaign at the list price does not set the price',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(501, LIST)], atCheckout: [campaign(501, LIST)],
    line: { price: LIST, campaignArticleId: null }, checkout: { verdict: 'charged', price: LIST, campaignArticleId: null },
  },
  {
    case: 'the cheapest of the running campaigns; equal prices go to the lowest id',
    articleId: ARTICLE, listPrice: LIST,
    atAdd: [campaign(500, 199900), campaign(503, 179900), campaign(502, 179900)],
    atCheckout: [campaign(500, 199900), campaign(503, 179900), campaign(502, 179900)],
    line: { price: 179900, campaignArticleId: 502 }, checkout: { verdict: 'charged', price: 179900, campaignArticleId: 502 },
  },
  {
    case: 'a campaign for another article (not this variant’s) is not this line’s',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(600, 49900, 103)], atCheckout: [campaign(600, 49900, 103)],
    line: { price: LIST, campaignArticleId: null }, checkout: { verdict: 'charged', price: LIST, campaignArticleId: null },
  },
  {
    case: 'the campaign ended between add and checkout: refused with the list price',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(500, 199900)], atCheckout: [],
    line: { price: 199900, campaignArticleId: 500 }, checkout: { verdict: 'refused', price: LIST },
  },
  {
    case: 'the named campaign ended while another runs: refused with the other’s price',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(502, 179900), campaign(500, 199900)], atCheckout: [campaign(500, 199900)],
    line: { price: 179900, campaignArticleId: 502 }, checkout: { verdict: 'refused', price: 199900 },
  },
  {
    case: 'the named campaign ended and only another article’s runs: refused with the list price',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(500, 199900)], atCheckout: [campaign(600, 49900, 103)],
    line: { price: 199900, campaignArticleId: 500 }, checkout: { verdict: 'refused', price: LIST },
  },
  {
    case: 'a cheaper campaign started since the add: the lower price is charged',
    articleId: ARTICLE, listPrice: LIST, atAdd: [campaign(500, 199900)], atCheckout: [campaign(500, 199900), campaign(502, 179900)],
    line: { price: 199900, campaignArticleId: 500 }, checkout: { verdict: 'charged', price: 179900, campaignArticleId: 502 },
  },
  {
    case: 'a campaign started since a list-price add: the lower price is charged',
    articleId: ARTICLE, listPrice: LIST, atAdd: [], atCheckout: [campaign(500, 199900)],
    line: { price: LIST, campaignArticleId: null }, checkout: { verdict: 'charged', price: 199900, campaignArticleId: 500 },
  },
];
