import type { CustomerOrder, PayInShop, RawCustomerOrder, RawPayInShop, RawReservation, Reservation } from '../types/order.js';
import type { Promocode, RawPromocode } from '../types/promo.js';
import type { RawShippingMethod, ShippingMethod } from '../types/cart.js';
import { roundMoney } from './catalog.js';
import { shippingPriceRule } from '@shop/contracts/constants';

export function mapReservation(raw: RawReservation): Reservation {
  return {
    id: raw.ReservationID,
    shopID: raw.ShopID,
    customerID: raw.CustomerID ?? null,
    statusID: raw.StatusID,
    name: raw.CustomerName,
    email: raw.Email,
    phone: raw.Phone,
    delivery: raw.Delivery === 1,
    address: raw.Address,
    city: raw.City,
    zipcode: raw.PostalCode,
    total: roundMoney(raw.Total),
    trackingUrl: raw.TrackingUrl ?? null,
    pickupUntil: raw.PickupUntil ?? null,
    refundedAmount: roundMoney(raw.RefundedAmount ?? 0),
    refundPending: raw.RefundPending ?? false,
    articles: (raw.Articles ?? []).map((l) => ({
      ean: l.EanNo,
      articleId: l.ArticleID,
      name: l.Name,
      size: l.SizeName,
      color: l.ColorName,
      count: l.Count,
      price: roundMoney(l.Price),
      image: l.Image,
    })),
    date: raw.DateCreated,
  };
}

export function mapPayInShop(raw: RawPayInShop): PayInShop {
  return { reservationId: raw.ReservationID, statusId: raw.StatusID, holdUntil: raw.HoldUntil };
}

export function mapCustomerOrder(raw: RawCustomerOrder): CustomerOrder {
  return {
    OrderID: raw.OrderID,
    VatPercentage: raw.VatPercentage,
    Vat: roundMoney(raw.Vat),
    NetAmount: roundMoney(raw.NetAmount),
    Total: roundMoney(raw.Total),
    orderlines: (raw.OrderLines ?? []).map((l) => ({
      ean: l.EanNo,
      articleId: l.ArticleID,
      name: l.Name,
      count: l.Count,
      price: roundMoney(l.Price),
    })),
    DateCreated: raw.DateCreated,
  };
}

export function mapPromocode(raw: RawPromocode): Promocode {
  return {
    id: raw.id,
    name: raw.name,
    valid_from: raw.valid_from,
    valid_to: raw.valid_to ?? null,
    fixed: raw.fixed === 1,
    amount: raw.amount,
    type: raw.type,
  };
}

export function mapShippingMethod(raw: RawShippingMethod): ShippingMethod {
  // An answer without the rule (an older server) gets the rule the id implies.
  const priceRule = raw.PriceRule === 'free' || raw.PriceRule === 'cart-freight' ? raw.PriceRule : shippingPriceRule(raw.ShippingMethodID);
  return { id: raw.ShippingMethodID, name: raw.Name, description: raw.Description ?? null, price: roundMoney(raw.Price), priceRule };
}
