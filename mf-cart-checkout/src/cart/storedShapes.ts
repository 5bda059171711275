import type {
  CartError,
  CartLine,
  CheckoutInput,
  Discount,
  KlarnaOrder,
  OrderInfo,
  Promocode,
  QliroOrder,
  SelectedShipping,
} from '@shop/contracts/types';

/**
 * Guards for what localStorage hands back: entries come from another tab, an older build or a curious shopper, so
 * a value is taken only when it still has the shape the cart needs (effector-storage's `contract`).
 */
const isObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);
const isString = (raw: unknown): raw is string => typeof raw === 'string';

export const isCount = (raw: unknown): raw is number => Number.isInteger(raw) && (raw as number) >= 0;

export function isStoredOrders(raw: unknown): raw is CartLine[] {
  return (
    Array.isArray(raw) &&
    raw.every(
      (line) =>
        isObject(line) &&
        isString(line.ean) &&
        Number.isInteger(line.count) &&
        (line.count as number) > 0 &&
        Number.isFinite(line.price),
    )
  );
}

export function isDiscount(raw: unknown): raw is Discount {
  return (
    isObject(raw) &&
    typeof raw.activated === 'boolean' &&
    typeof raw.fixed === 'boolean' &&
    Number.isFinite(raw.amount) &&
    Number.isFinite(raw.originalTotal)
  );
}

export function isPromocode(raw: unknown): raw is Promocode | null {
  return raw === null || (isObject(raw) && Number.isInteger(raw.id) && isString(raw.name) && typeof raw.fixed === 'boolean' && Number.isFinite(raw.amount));
}

export function isKlarnaOrders(raw: unknown): raw is KlarnaOrder[] {
  return Array.isArray(raw) && raw.every((order) => isObject(order) && isString(order.orderId));
}

export function isQliroOrders(raw: unknown): raw is QliroOrder[] {
  return Array.isArray(raw) && raw.every((order) => isObject(order) && isString(order.orderId) && Number.isInteger(order.shopId));
}

export function isOrderInfo(raw: unknown): raw is OrderInfo | null {
  return raw === null || isObject(raw);
}

export function isCheckoutInput(raw: unknown): raw is CheckoutInput {
  return (
    isObject(raw) &&
    ['name', 'phone', 'email', 'address', 'city'].every((key) => isString(raw[key])) &&
    typeof raw.delivery === 'boolean'
  );
}

export function isSelectedShipping(raw: unknown): raw is SelectedShipping {
  return isObject(raw) && isString(raw.id) && isCount(raw.price);
}

export function isCartErrors(raw: unknown): raw is CartError[] {
  return Array.isArray(raw) && raw.every((error) => isObject(error) && isString(error.eanNo));
}
