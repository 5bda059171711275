import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { formatMoney } from '@shop/contracts/format';
import type { OrderInfo, Reservation } from '@shop/contracts/types';
import { $orderInfo, klarnaOrderTracked, orderCompleted, orderInfoChanged, qliroOrderTracked, txDataChanged } from '../cart/model.js';
import { payInShopFx } from '../checkout/model.js';
import { texts } from '../texts.js';
import { HtmlSnippet } from './HtmlSnippet.js';
import { paymentClient as defaultClient, type PaymentClient, type PaymentProviderId, type PaymentSession } from './client.js';
import styles from '../checkout/Checkout.module.css';
import { serverMessage } from '@shop/contracts/api';

type Choice = PaymentProviderId | 'shop';

const POLL_MS = 2000;

export function reservationOf(info: OrderInfo | null): Reservation | null {
  const reservation = info?.reservation as Reservation | undefined;
  return reservation && typeof reservation.id === 'number' ? reservation : null;
}

/**
 * Step 2: the shopper picks Klarna-type or Qliro-type (or, for click-and-collect, paying when collecting); the
 * provider's snippet is shown and the order's state is read until it is complete. Paying when collecting is the
 * server's to accept (`payInShopFx`: the reservation is then held for the pickup window); its refusal is shown as the
 * server words it, like a payment that cannot start.
 */
export function PaymentStep({ onDone, client = defaultClient }: { onDone: () => void; client?: PaymentClient | null }) {
  const id = useId();
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [info, complete, changeInfo, trackKlarna, trackQliro, setTxData, payInShop] = useUnit([
    $orderInfo,
    orderCompleted,
    orderInfoChanged,
    klarnaOrderTracked,
    qliroOrderTracked,
    txDataChanged,
    payInShopFx,
  ]);
  const reservation = reservationOf(info);
  const collect = reservation ? !reservation.delivery : false;
  const [choice, setChoice] = useState<Choice>(client ? 'klarna' : 'shop');
  const [session, setSession] = useState<PaymentSession | null>(null);
  const [status, setStatus] = useState<'idle' | 'starting' | 'waiting' | 'checking' | 'failed' | 'notComplete'>('idle');
  /** The server's own Norwegian message when it said why (hold ended, already paid, provider down …). */
  const [failure, setFailure] = useState<string | null>(null);

  const finish = (provider: Choice, orderId?: string) => {
    if (!info) return;
    complete({ ...info, completed: true, provider, paymentOrderId: orderId ?? null });
    onDone();
  };

  // The provider completes inside its snippet; the server's reading of the order is what counts.
  useEffect(() => {
    if (!client || !session || status !== 'waiting') return;
    const timer = setInterval(() => {
      client.state(session.provider, session.orderId).then(
        (state) => {
          if (state === 'complete') finish(session.provider, session.orderId);
          if (state === 'refused') setStatus('failed');
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
    // finish is re-created each render; the session and status decide when to poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, session, status]);

  if (!reservation || info?.completed) {
    return (
      <>
        <p>{texts.noReservation}</p>
        <Link to="/checkout">{texts.backToDetails}</Link>
      </>
    );
  }

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (choice !== 'shop' && !client) return setStatus('failed');
    setStatus('starting');
    setFailure(null);
    if (choice === 'shop') {
      // The server holds the reservation for the pickup window first; only then is the purchase complete.
      try {
        await payInShop(reservation.id);
        return finish('shop');
      } catch (error) {
        setFailure(serverMessage(error));
        return setStatus('failed');
      }
    }
    if (!client) return;
    try {
      const started = await client.start(choice, reservation.id);
      if (started.provider === 'klarna') trackKlarna({ orderId: started.orderId });
      else trackQliro({ shopId: reservation.shopID, orderId: started.orderId });
      setTxData(started);
      // The provider may send the whole page to the confirmation step: keep which order to read there.
      if (info) changeInfo({ ...info, payment: { provider: started.provider, orderId: started.orderId } });
      setSession(started);
      setStatus('waiting');
    } catch (error) {
      setFailure(serverMessage(error));
      setStatus('failed');
    }
  };

  const check = async () => {
    if (!client || !session) return;
    setStatus('checking');
    try {
      const state = await client.state(session.provider, session.orderId);
      if (state === 'complete') return finish(session.provider, session.orderId);
      setStatus(state === 'refused' ? 'failed' : 'notComplete');
    } catch {
      setStatus('failed');
    }
  };

  const options: Array<{ value: Choice; label: string; disabled: boolean }> = [
    { value: 'klarna', label: texts.payKlarna, disabled: client === null },
    { value: 'qliro', label: texts.payQliro, disabled: client === null },
    ...(collect ? [{ value: 'shop' as const, label: texts.payInShop, disabled: false }] : []),
  ];

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.steps.payment}</h2>
      <p>
        {texts.reservationNo(reservation.id)} · {texts.total}: <strong>{formatMoney(reservation.total)}</strong>
      </p>
      {session ? (
        <>
          <HtmlSnippet html={session.htmlSnippet} title={session.provider === 'klarna' ? texts.payKlarna : texts.payQliro} />
          <p role="status">{status === 'checking' ? texts.checkingPayment : status === 'notComplete' ? texts.paymentNotComplete : texts.paymentWaiting}</p>
          <button type="button" className={styles.secondaryButton} onClick={() => void check()}>
            {texts.paymentDone}
          </button>
        </>
      ) : (
        <form onSubmit={start} className={styles.form}>
          <fieldset className={styles.fieldset}>
            <legend>{texts.paymentLegend}</legend>
            {client === null && <p className={styles.notice}>{texts.paymentNotAvailable}</p>}
            {options.map((option) => (
              <div key={option.value} className={styles.radio}>
                <input
                  type="radio"
                  id={`${id}-${option.value}`}
                  name={`${id}-provider`}
                  value={option.value}
                  checked={choice === option.value}
                  disabled={option.disabled}
                  onChange={() => setChoice(option.value)}
                />
                <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className={styles.primaryButton} disabled={!hydrated || status === 'starting' || (choice !== 'shop' && client === null)}>
            {status === 'starting' ? texts.loadingPayment : texts.startPayment}
          </button>
        </form>
      )}
      {status === 'failed' && (
        <p className={styles.error} role="alert">
          {failure ?? texts.paymentFailed}
        </p>
      )}
      <p>
        <Link to="/checkout">{texts.backToDetails}</Link>
      </p>
    </section>
  );
}
