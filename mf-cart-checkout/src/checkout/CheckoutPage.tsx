import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loaderHeadContext, type PageLoader } from '@shop/contracts/ssr';
import { texts } from '../texts.js';
import { DetailsStep } from './DetailsStep.js';
import { PaymentStep } from '../payment/PaymentStep.js';
import { ConfirmationStep } from '../payment/ConfirmationStep.js';
import { STEP_PARAM, stepFromParam, type CheckoutStep } from './steps.js';
import { checkoutHead } from './head.js';
import styles from './Checkout.module.css';

/**
 * Head only (noindex): the cart lives in the shopper's localStorage, so the page renders its empty first state on
 * the server and in the hydration render, and fills in after mount.
 */
export const loader: PageLoader = async (context) => ({ head: checkoutHead(await loaderHeadContext(context)) });

const order: CheckoutStep[] = ['details', 'payment', 'confirmation'];

/**
 * Exposed as `mf_cart_checkout/CheckoutPage` (the shell routes /checkout here). The steps live in the query string
 * (/checkout, /checkout?steg=betaling, /checkout?steg=bekreftelse), so back/forward and reload keep the step.
 */
export default function CheckoutPage() {
  const [params, setParams] = useSearchParams();
  const step = stepFromParam(params.get(STEP_PARAM));
  const heading = useRef<HTMLHeadingElement>(null);
  const go = (next: CheckoutStep) => setParams(next === 'details' ? {} : { [STEP_PARAM]: next === 'payment' ? 'betaling' : 'bekreftelse' });

  // A new step is a new screen: move focus to its title for keyboard and screen-reader users.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const index = order.indexOf(step);
  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      <h1 id="checkout-title" ref={heading} tabIndex={-1}>
        {texts.checkoutTitle}
      </h1>
      <ol className={styles.steps} aria-label={texts.stepOf(index + 1, order.length)}>
        {order.map((name) => (
          <li key={name} aria-current={name === step ? 'step' : undefined}>
            {texts.steps[name]}
          </li>
        ))}
      </ol>
      {step === 'details' && <DetailsStep onReserved={() => go('payment')} />}
      {step === 'payment' && <PaymentStep onDone={() => go('confirmation')} />}
      {step === 'confirmation' && <ConfirmationStep />}
    </section>
  );
}
