import { PromoCodeForm } from './PromoCodeForm.js';

/**
 * Exposed as `mf_cart_checkout/PromoCodeModal`: the content of the shell's promo-code modal ("Rabattkode"); the
 * shell's modal brings the title and the close button.
 */
export default function PromoCodeModal() {
  return (
    <div data-testid="promo-modal-content">
      <PromoCodeForm />
    </div>
  );
}
