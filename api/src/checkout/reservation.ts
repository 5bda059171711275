/**
 * Placing a reservation: every field and line checked on the server, prices from the database (never from the
 * client), stock reserved atomically, reservation + lines + order written in ONE transaction.
 *
 * A line's price is the one the catalogue shows now: the article's cheapest running campaign below its list price
 * (`linePricing`, docs/adr/0019). The line's CampaignArticleID only says which campaign price the shopper was shown; a
 * named campaign that no longer runs for the article is refused (409) with the price now, so no one pays more than the
 * cart showed.
 *
 * Stock: each line is taken with a guarded `UPDATE stock SET qty = qty - n WHERE … AND qty >= n RETURNING`, so two
 * concurrent buyers can never both take the last unit (PostgreSQL re-checks the WHERE after the row lock; PGlite
 * serialises). Lines are taken in variant-id order so two multi-line reservations cannot deadlock. When any line
 * fails the transaction is rolled back: nothing is written and the caller gets `cartErrors` by EAN.
 *
 * Where stock comes from (decision): click-and-collect takes every line from the chosen shop. Home delivery takes a
 * line from the web-shop stock (shop 55) when it holds the whole count, else from the physical shop with the most
 * units that holds the whole count (a line is never split across shops: one parcel per line). The reservation's
 * ShopID is 55 for home delivery.
 *
 * A line asks for more than one shop holds: refused (409) with how many the best stocked shop has — the same ceiling
 * as the cart's rule, whose "first shop" is that shop (the API lists a variant's shops most units first,
 * `compareVariantShops`). For click-and-collect the chosen shop's count is named.
 *
 * No one hoards: before any stock is taken the transaction holds the open-reservation caps (caps.ts, 429: open
 * reservations and units of a variant per session, customer and client address, however old), and a promo
 * code is locked, re-decided and redeemed in the same transaction (promocodes.ts), so a refused code or a reached cap
 * leaves stock, codes and reservations as they were. The article's webPurchaseLimit caps each line (repeated EANs are
 * merged first, so splitting a line does not get round it).
 *
 * Shipping (decision): click-and-collect is free; home delivery costs the highest fright_price among the ordered
 * articles (`shippingPrice` in rules.ts), the same freight the cart shows. The method's own price is only the
 * fallback when no line carries a freight price.
 */
import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { CLICK_AND_COLLECT_METHOD_ID, WEB_SHOP_ID } from '@shop/contracts/constants';
import { nationalPhone } from '@shop/contracts/validation';
import type { RawReservation, RawReservationLine } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import {
  articles,
  campaignArticles,
  campaigns,
  colors,
  customers,
  orderLines,
  orders,
  postalCodes,
  reservationLines,
  reservations,
  shippingMethods,
  shops,
  sizes,
  stock,
  variants,
} from '../db/schema.js';
import { HttpError } from '../server/errors.js';
import { articleImageUrl } from '../routes/images/urls.js';
import { holdReservationCaps, type ReservationOwner } from './caps.js';
import { CartLineError, type CartErrorBody } from './errors.js';
import { DEFAULT_RESERVATION_CAPS, type ReservationCaps } from './config.js';
import { checkPromocode, lockPromocode, promoTexts, recordRedemption, type PromoShopper, type PromoVerdict } from './promocodes.js';
import { deliverySources, linePricing, overPurchaseLimit, reservationAmounts, VAT_PERCENTAGE } from './rules.js';
import { holdEndsAt } from './hold.js';
import { contactErrors, reservationTexts, type FieldError } from './validation.js';

export const CLICK_AND_COLLECT = CLICK_AND_COLLECT_METHOD_ID;

export interface ReservationInput {
  CustomerName: string;
  Email: string;
  Phone: string;
  Delivery: 0 | 1;
  Address: string;
  PostalCode: string;
  City: string;
  ShopID: number;
  items: Array<{ EanNo: string; Count: number; CampaignArticleID: number | null }>;
  shipping_method_id: string;
  /** Optional promo code (name) the shopper activated. */
  promocode?: string | null;
}

export { CartLineError, type CartErrorBody } from './errors.js';

const invalid = (errors: FieldError[]) => {
  const first = errors[0]!.message;
  return new HttpError(422, `${reservationTexts.invalid} ${first}${first.endsWith('.') ? '' : '.'}`, errors);
};

/** A code the shopper may not use (decided again under the row lock inside the transaction). */
const promoRefused = (verdict: Extract<PromoVerdict, { ok: false }>) => invalid([{ field: 'promocode', message: verdict.message }]);

interface PricedLine {
  ean: string;
  variantId: number;
  articleId: number;
  name: string;
  sizeName: string;
  colorName: string;
  image: string;
  count: number;
  price: number;
  pant: number;
  /** The article's fright_price (null = the default); the highest of the lines is the home delivery's price. */
  frightPrice: number | null;
  campaignArticleId: number | null;
  /** The article's web purchase limit: also what one shopper may hold of the variant unpaid (caps.ts). */
  limit: number;
}

/** Merges repeated EANs (counts add up; the first campaign id wins). */
function mergeItems(items: ReservationInput['items']): ReservationInput['items'] {
  const byEan = new Map<string, ReservationInput['items'][number]>();
  for (const item of items) {
    const ean = item.EanNo.trim();
    const seen = byEan.get(ean);
    if (seen) seen.Count += item.Count;
    else byEan.set(ean, { EanNo: ean, Count: item.Count, CampaignArticleID: item.CampaignArticleID ?? null });
  }
  return [...byEan.values()];
}

export async function createReservation(
  db: Db,
  input: ReservationInput,
  owner: ReservationOwner,
  options: { caps?: ReservationCaps; now?: Date } = {},
): Promise<RawReservation> {
  const { customerId, sessionId, clientAddress } = owner;
  const now = options.now ?? new Date();
  // ---- fields
  const fieldErrors = contactErrors(input);
  const [method] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, input.shipping_method_id));
  if (!method) fieldErrors.push({ field: 'shipping_method_id', message: reservationTexts.shipping });
  const home = input.Delivery === 1;
  if (method && (method.id === CLICK_AND_COLLECT) === home) {
    fieldErrors.push({ field: 'Delivery', message: reservationTexts.deliveryMismatch });
  }
  if (/^\d{4}$/.test(input.PostalCode.trim())) {
    const [zip] = await db
      .select({ postNo: postalCodes.postNo })
      .from(postalCodes)
      .where(and(eq(postalCodes.postNo, input.PostalCode.trim()), eq(postalCodes.retired, false)));
    if (!zip) fieldErrors.push({ field: 'PostalCode', message: reservationTexts.postalCode });
  }
  let shopId = WEB_SHOP_ID;
  if (!home) {
    const [shop] = await db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.id, input.ShopID), eq(shops.isWebStock, false)));
    if (!shop) fieldErrors.push({ field: 'ShopID', message: reservationTexts.shop });
    else shopId = shop.id;
  }
  const items = mergeItems(input.items);
  if (items.length === 0) fieldErrors.push({ field: 'items', message: reservationTexts.empty });

  const promoCode = input.promocode?.trim() || null;
  let shopper: PromoShopper | null = null;
  if (promoCode) {
    const [customer] = customerId
      ? await db.select({ id: customers.id, club: customers.club, email: customers.email }).from(customers).where(eq(customers.id, customerId))
      : [];
    shopper = { customer: customer ?? null, email: input.Email.trim() };
    // Early refusal without a lock (most refusals end here); the transaction decides again under the lock.
    const { verdict } = await checkPromocode(db, promoCode, shopper, now);
    if (!verdict.ok) fieldErrors.push({ field: 'promocode', message: verdict.message });
  }
  if (fieldErrors.length > 0) throw invalid(fieldErrors);

  // ---- lines: prices and rules from the database
  const rows = await db
    .select({
      ean: variants.ean,
      variantId: variants.id,
      articleId: articles.id,
      name: articles.name,
      price: articles.price,
      pant: articles.pant,
      frightPrice: articles.frightPrice,
      purchasable: articles.purchasableOnWeb,
      visible: articles.visibleOnWeb,
      limit: articles.webPurchaseLimit,
      onlyCC: articles.onlyCC,
      group3Id: articles.group3Id,
      sizeName: sizes.name,
      colorName: colors.name,
      colorHex: colors.hex,
    })
    .from(variants)
    .innerJoin(articles, eq(articles.id, variants.articleId))
    .leftJoin(sizes, eq(sizes.id, variants.sizeId))
    .leftJoin(colors, eq(colors.id, variants.colorId))
    .where(inArray(variants.ean, items.map((i) => i.EanNo)));
  const byEan = new Map(rows.map((r) => [r.ean, r]));

  // Every campaign running now for the lines' articles, whichever the lines name: the price is the server's to decide
  // (`linePricing`), the named campaign only tells which price the shopper was shown.
  const articleIds = [...new Set(rows.map((r) => r.articleId))];
  const running =
    articleIds.length === 0
      ? []
      : await db
          .select({ campaignArticleId: campaignArticles.id, articleId: campaignArticles.articleId, price: campaignArticles.price })
          .from(campaignArticles)
          .innerJoin(campaigns, eq(campaigns.id, campaignArticles.campaignId))
          .where(and(inArray(campaignArticles.articleId, articleIds), lte(campaigns.startsAt, now), gt(campaigns.endsAt, now)));

  const lineErrors: CartErrorBody['cartErrors'] = [];
  const priced: PricedLine[] = [];
  for (const item of items) {
    const row = byEan.get(item.EanNo);
    if (!row || !row.visible) {
      lineErrors.push({ eanNo: item.EanNo, message: reservationTexts.unknownArticle });
      continue;
    }
    if (!row.purchasable) {
      lineErrors.push({ eanNo: item.EanNo, message: reservationTexts.notPurchasable });
      continue;
    }
    if (row.onlyCC && home) {
      lineErrors.push({ eanNo: item.EanNo, message: reservationTexts.onlyCC });
      continue;
    }
    if (overPurchaseLimit(item.Count, row.limit)) {
      lineErrors.push({ eanNo: item.EanNo, message: reservationTexts.limit(row.limit) });
      continue;
    }
    const pricing = linePricing({ articleId: row.articleId, listPrice: row.price, named: item.CampaignArticleID }, running);
    if (pricing.verdict === 'refused') {
      lineErrors.push({ eanNo: item.EanNo, message: reservationTexts.campaignOver(pricing.price), price: pricing.price });
      continue;
    }
    priced.push({
      ean: row.ean,
      variantId: row.variantId,
      articleId: row.articleId,
      name: row.name,
      sizeName: row.sizeName ?? '',
      colorName: row.colorName ?? '',
      image: articleImageUrl(row.group3Id, row.colorHex ?? '#888888'),
      count: item.Count,
      price: pricing.price,
      pant: row.pant,
      frightPrice: row.frightPrice,
      campaignArticleId: pricing.campaignArticleId,
      limit: row.limit,
    });
  }
  // Only campaigns that ended since the add: a conflict with what the shopper was shown (409, as stock that ran out);
  // anything else about a line is a line the shop cannot sell (422).
  if (lineErrors.length > 0) throw new CartLineError(lineErrors.every((e) => e.price !== undefined) ? 409 : 422, lineErrors);


  // ---- one transaction: caps, promo code, stock, reservation, lines, order. Locks are taken in that order by every
  // reservation (advisory keys ascending, the code's row, stock rows by variant id), so none can deadlock another.
  priced.sort((a, b) => a.variantId - b.variantId);
  return db.transaction(async (tx) => {
    await holdReservationCaps(tx, owner, options.caps ?? DEFAULT_RESERVATION_CAPS, priced);
    let promo: { id: number; fixed: boolean; amount: number } | null = null;
    if (promoCode && shopper) {
      const locked = await lockPromocode(tx, promoCode, shopper, now);
      if (!locked.verdict.ok) throw promoRefused(locked.verdict);
      promo = locked.promo;
    }
    // Home delivery costs the cart's freight (highest fright_price of the lines), never a price from the client.
    const { discount, shipping, total } = reservationAmounts(priced, promo, { home, methodPrice: method!.price });

    const stockErrors: CartErrorBody['cartErrors'] = [];
    // Which shop each line took from: an expired hold gives the units back there (checkout/expiry.ts).
    const takenFrom = new Map<number, number>();
    for (const line of priced) {
      const taken = home ? await takeForDelivery(tx, line.variantId, line.count) : (await take(tx, line.variantId, shopId, line.count)) ? shopId : null;
      if (taken !== null) takenFrom.set(line.variantId, taken);
      if (taken === null) stockErrors.push({ eanNo: line.ean, message: await stockShortMessage(tx, line.variantId, home ? null : shopId) });
    }
    // Throwing rolls back every decrement made above.
    if (stockErrors.length > 0) throw new CartLineError(409, stockErrors);

    const [reservation] = await tx
      .insert(reservations)
      .values({
        shopId,
        customerId,
        sessionId,
        clientAddress,
        statusId: 1,
        name: input.CustomerName.trim(),
        email: input.Email.trim(),
        // The eight digits, however the shopper wrote them ("+47 912 34 567"): one spelling to search and call.
        phone: nationalPhone(input.Phone) ?? input.Phone.trim(),
        delivery: method!.id,
        address: input.Address.trim() || null,
        city: input.City.trim() || null,
        zipcode: input.PostalCode.trim() || null,
        shippingPrice: shipping,
        discount,
        promocodeId: promo?.id ?? null,
        total,
        // The payment hold, whatever the delivery: paying in the shop is its own choice (payInShop.ts).
        holdUntil: holdEndsAt(now),
      })
      .returning();
    if (promo && !(await recordRedemption(tx, promo.id, { reservationId: reservation!.id, customerId, email: input.Email, accountEmail: shopper?.customer?.email ?? null }))) {
      // Cannot happen under the row lock (the verdict saw uses < max_uses); the guarded update is the last word.
      throw promoRefused({ ok: false, refusal: 'usedUp', status: 422, message: promoTexts.usedUp });
    }
    await tx.insert(reservationLines).values(
      priced.map((l) => ({
        reservationId: reservation!.id,
        variantId: l.variantId,
        articleId: l.articleId,
        ean: l.ean,
        name: l.name,
        count: l.count,
        price: l.price,
        pant: l.pant,
        campaignArticleId: l.campaignArticleId,
        stockShopId: takenFrom.get(l.variantId) ?? null,
      })),
    );
    const [order] = await tx
      .insert(orders)
      .values({ reservationId: reservation!.id, customerId, vatPercentage: VAT_PERCENTAGE, total })
      .returning({ id: orders.id });
    await tx.insert(orderLines).values(
      priced.map((l) => ({ orderId: order!.id, ean: l.ean, name: l.name, count: l.count, price: l.price })),
    );

    const lines: RawReservationLine[] = priced.map((l) => ({
      EanNo: l.ean,
      ArticleID: l.articleId,
      Name: l.name,
      SizeName: l.sizeName,
      ColorName: l.colorName,
      Count: l.count,
      Price: l.price,
      Image: l.image,
    }));
    return {
      ReservationID: reservation!.id,
      ShopID: reservation!.shopId,
      CustomerID: reservation!.customerId,
      StatusID: reservation!.statusId,
      CustomerName: reservation!.name,
      Email: reservation!.email,
      Phone: reservation!.phone,
      Delivery: home ? 1 : 0,
      Address: reservation!.address ?? '',
      City: reservation!.city ?? '',
      PostalCode: reservation!.zipcode ?? '',
      Total: reservation!.total,
      TrackingUrl: reservation!.trackingUrl,
      Articles: lines,
      DateCreated: reservation!.createdAt.toISOString(),
    } satisfies RawReservation;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The guarded decrement: true when the shop had `count` units (and now has `count` fewer). */
async function take(tx: Tx, variantId: number, shopId: number, count: number): Promise<boolean> {
  const rows = await tx
    .update(stock)
    .set({ qty: sql`${stock.qty} - ${count}` })
    .where(and(eq(stock.variantId, variantId), eq(stock.shopId, shopId), gte(stock.qty, count)))
    .returning({ qty: stock.qty });
  return rows.length === 1;
}

/**
 * Why a line could not be taken, with the count there is: for home delivery the most any one shop holds (the first
 * shop of the variant's list, the cart's ceiling — SPEC §4), for click-and-collect what the chosen shop holds.
 */
async function stockShortMessage(tx: Tx, variantId: number, shopId: number | null): Promise<string> {
  const [row] = await tx
    .select({ qty: sql<number | null>`max(${stock.qty})` })
    .from(stock)
    .where(shopId === null ? eq(stock.variantId, variantId) : and(eq(stock.variantId, variantId), eq(stock.shopId, shopId)));
  const qty = Math.max(0, Number(row?.qty ?? 0));
  if (shopId === null) return qty > 0 ? reservationTexts.stockShort(qty) : reservationTexts.soldOut;
  return qty > 0 ? reservationTexts.stockShortInShop(qty) : reservationTexts.soldOutInShop;
}

/** Web stock first, then the physical shop with the most units (`deliverySources`). The shop taken from, or null. */
async function takeForDelivery(tx: Tx, variantId: number, count: number): Promise<number | null> {
  const shops = await tx.select({ shopId: stock.shopId, qty: stock.qty }).from(stock).where(eq(stock.variantId, variantId));
  for (const shopId of deliverySources(shops, count)) {
    // Another buyer may have taken it since the read: the guarded update decides.
    if (await take(tx, variantId, shopId, count)) return shopId;
  }
  return null;
}
