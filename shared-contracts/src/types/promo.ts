/** Promo codes (SPEC §3 Promocode). */
import type { Flag, IsoDateTime } from './common.js';

/**
 * 'cart': anyone; 'member': logged-in club members only; 'welcome': once per customer (or e-mail for a guest). The
 * server decides who may use a code (GET /promocodes/check/{code} and again when the reservation redeems it).
 */
export type PromocodeType = 'cart' | 'member' | 'welcome' | 'shipping' | string;

/**
 * Items of GET /promocodes (member codes only for a logged-in club member); answer of GET /promocodes/check/{code}
 * (404 unknown; 422 with the server's Norwegian reason: outside its validity window, members only, already used, used up).
 */
export interface RawPromocode {
  id: number;
  name: string;
  valid_from: IsoDateTime;
  valid_to: IsoDateTime | null;
  /** 1: `amount` is øre off the total; 0: `amount` is a percentage (15 = 15 %). */
  fixed: Flag;
  amount: number;
  type: PromocodeType;
}

export interface Promocode {
  id: number;
  /** The code the shopper types. */
  name: string;
  valid_from: IsoDateTime;
  valid_to: IsoDateTime | null;
  /** true: `amount` is øre; false: `amount` is a percentage (0–100). */
  fixed: boolean;
  amount: number;
  type: PromocodeType;
}
