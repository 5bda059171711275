import { useEffect, useId, useState } from 'react';
import { getShops } from '@shop/contracts/api';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { formatDateTime, formatMoney } from '@shop/contracts/format';
import type { OrderInfo } from '@shop/contracts/types';
import { $orderInfo, orderCompleted } from '../cart/model.js';
import { paymentClient as defaultClient, type PaymentClient, type PaymentProviderId } from './client.js';
import { texts } from '../texts.js';
import { reservationOf } from './PaymentStep.js';
import styles from '../checkout/Checkout.module.css';

const providerNames: Record<string, string> = { klarna: texts.payKlarna, qliro: texts.payQliro };

/** Step 3: the reservation summary of a completed order (kept in the cart state's orderInfo, synced across tabs). */
const CONFIRM_ATTEMPTS = 8;
const CONFIRM_RETRY_MS = 1500;

/** The provider order to read when the shopper comes back from a provider's page (kept in orderInfo, or in the URL). */
export function pendingPayment(info: OrderInfo | null, params: URLSearchParams): { provider: PaymentProviderId; orderId: string } | null {
  if (!info || info.completed) return null;
  const stored = info.payment as { provider?: unknown; orderId?: unknown } | undefined;
  if (stored && (stored.provider === 'klarna' || stored.provider === 'qliro') && typeof stored.orderId === 'string') {
    return { provider: stored.provider, orderId: stored.orderId };
  }
  const provider = params.get('betaling');
  const orderId = params.get('order_id');
  return (provider === 'klarna' || provider === 'qliro') && orderId ? { provider, orderId } : null;
}

/** Step 3: the reservation summary of a completed order (kept in the cart state's orderInfo, synced across tabs). */
export function ConfirmationStep({ client = defaultClient }: { client?: PaymentClient }) {
  const id = useId();
  const [info, complete] = useUnit([$orderInfo, orderCompleted]);
  const [params] = useSearchParams();
  const reservation = reservationOf(info);
  const pending = pendingPayment(info, params);
  const [check, setCheck] = useState<'checking' | 'incomplete' | 'refused' | 'failed'>('checking');
  const pendingKey = pending ? `${pending.provider}:${pending.orderId}` : null;
  // Back from the provider's page: the server re-reads the order; only a paid order completes the purchase. The
  // provider may still be settling the order when the shopper arrives, so an unpaid answer is asked again a few times.
  useEffect(() => {
    if (!pending || !info) return;
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (attempt: number) => {
      client.state(pending.provider, pending.orderId).then(
        (state) => {
          if (stale) return;
          if (state === 'complete') complete({ ...info, completed: true, provider: pending.provider, paymentOrderId: pending.orderId });
          else if (state === 'incomplete' && attempt < CONFIRM_ATTEMPTS) timer = setTimeout(() => ask(attempt + 1), CONFIRM_RETRY_MS);
          else setCheck(state === 'refused' ? 'refused' : 'incomplete');
        },
        () => !stale && setCheck('failed'),
      );
    };
    ask(1);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
    // Runs once per provider order; info and complete change identity on every write.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingKey, client]);
  const [shopName, setShopName] = useState<string | null>(null);
  const pickupShopId = reservation && !reservation.delivery ? reservation.shopID : null;
  useEffect(() => {
    if (pickupShopId === null) return;
    const controller = new AbortController();
    getShops({ signal: controller.signal }).then(
      (shops) => setShopName(shops.find((shop) => shop.id === pickupShopId)?.fullName ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [pickupShopId]);
  if (pending && reservation) {
    return (
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{texts.steps.confirmation}</h2>
        {check === 'checking' ? (
          <p role="status">{texts.checkingPayment}</p>
        ) : (
          <p className={styles.error} role="alert">
            {check === 'incomplete' ? texts.paymentNotComplete : texts.paymentFailed}
          </p>
        )}
        {check !== 'checking' && <Link to="/checkout?steg=betaling">{texts.backToPayment}</Link>}
      </section>
    );
  }
  if (!info?.completed || !reservation) {
    return (
      <>
        <p>{texts.noConfirmation}</p>
        <Link to="/">{texts.continueShopping}</Link>
      </>
    );
  }
  const provider = typeof info.provider === 'string' ? info.provider : 'shop';
  const shop = shopName ?? `#${reservation.shopID}`;
  return (
    <section aria-labelledby={`${id}-title`} data-testid="checkout-confirmation">
      <h2 id={`${id}-title`}>{texts.thanks}</h2>
      <p>
        <strong>{texts.reservationNo(reservation.id)}</strong> · {formatDateTime(reservation.date)}
      </p>
      <p>
        {reservation.delivery
          ? texts.deliveredTo(`${reservation.address}, ${reservation.zipcode} ${reservation.city}`)
          : texts.pickupIn(shop)}
      </p>
      <p>{provider === 'shop' ? texts.payInShopNote : texts.paidWith(providerNames[provider] ?? provider)}</p>
      <ul className={styles.summaryLines}>
        {reservation.articles.map((line) => (
          <li key={line.ean}>
            <span>
              {line.count} × {line.name} ({line.color}, {line.size})
            </span>
            <span>{formatMoney(line.price * line.count)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.confirmTotal}>
        {texts.total}: <strong data-testid="confirmation-total">{formatMoney(reservation.total)}</strong>
      </p>
      <p>{texts.confirmationMail(reservation.email)}</p>
      <Link to="/">{texts.continueShopping}</Link>
    </section>
  );
}
