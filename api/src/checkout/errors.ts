/** The refusal of a reservation with messages per cart line (its own module: caps.ts and reservation.ts both throw it). */
import { HttpError } from '../server/errors.js';
import { reservationTexts } from './validation.js';

export interface CartErrorBody {
  message: string;
  /** `price`: øre the line costs now, on a line refused because the campaign it names has ended (CartError.price). */
  cartErrors: Array<{ eanNo: string; message: string; price?: number }>;
}

/** 409/422 with per-EAN errors: the cart shows them on the lines (SPEC §3 cartErrors); 429 when a line passes a hold cap. */
export class CartLineError extends HttpError {
  constructor(
    status: 409 | 422 | 429,
    readonly cartErrors: CartErrorBody['cartErrors'],
  ) {
    super(status, reservationTexts.cartErrors);
  }
}
