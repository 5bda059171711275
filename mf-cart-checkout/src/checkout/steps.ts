export type CheckoutStep = 'details' | 'payment' | 'confirmation';

/** Query parameter of the checkout step (Norwegian in the address bar). */
export const STEP_PARAM = 'steg';

/** ?steg=betaling → payment, ?steg=bekreftelse → confirmation, anything else → the details form. */
export function stepFromParam(value: string | null): CheckoutStep {
  if (value === 'betaling') return 'payment';
  if (value === 'bekreftelse') return 'confirmation';
  return 'details';
}
