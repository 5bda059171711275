/** Promo codes (SPEC §3 Promocode). */
import type { Flag, IsoDateTime } from './common.js';

export type PromocodeType = 'cart' | 'shipping' | string;

/** Items of GET /promocodes; answer of GET /promocodes/check/{code} (404 when unknown or expired). */
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
