import { hasStatus, serverMessage } from '@shop/contracts/api';
import { formatDate, formatMoney } from '@shop/contracts/format';
import type { Promocode } from '@shop/contracts/types';
import { texts } from '../texts.js';

export type PromoValidity = 'valid' | 'notYet' | 'expired';

/** The validity window: from valid_from, up to and including valid_to (none = open-ended). */
export function promoValidity(code: Pick<Promocode, 'valid_from' | 'valid_to'>, now: Date): PromoValidity {
  if (Date.parse(code.valid_from) > now.getTime()) return 'notYet';
  if (code.valid_to !== null && Date.parse(code.valid_to) < now.getTime()) return 'expired';
  return 'valid';
}

/** "50,00 kr i rabatt" for a fixed amount, "15 % rabatt" for a fraction. */
export function describePromo(code: Pick<Promocode, 'fixed' | 'amount'>): string {
  return code.fixed ? texts.promoFixed(formatMoney(code.amount)) : texts.promoPercent(code.amount);
}

/** Why a checked code cannot be used, or null when it can. */
export function promoProblem(
  code: Promocode,
  state: { now: Date; discountActive: boolean; cartEmpty: boolean },
): string | null {
  const validity = promoValidity(code, state.now);
  if (validity === 'notYet') return texts.promoNotYetValid(formatDate(code.valid_from));
  if (validity === 'expired') return texts.promoExpired;
  if (state.cartEmpty) return texts.promoEmptyCart;
  if (state.discountActive) return texts.promoAlreadyActive;
  return null;
}

/** The shopper's text for a failed check: unknown/expired code (404), else the API's Norwegian message. */
export function promoErrorMessage(error: unknown): string {
  if (hasStatus(error, 404)) return serverMessage(error) ?? texts.promoNotFound;
  return serverMessage(error) ?? texts.reservationFailed;
}
