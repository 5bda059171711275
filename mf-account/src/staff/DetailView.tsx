/** One reservation (/butikk/:id): lines as the shelf shows them, customer, payment, audit trail and the actions. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { reservationStatusLabel } from '@shop/contracts/constants';
import { pathFor } from '@shop/contracts/routes';
import type { StaffMe, StaffReservationDetail, StaffReservationEvent, StaffReservationLine } from '@shop/contracts/types';
import uiStyles from '../ui/ui.module.css';
import { $actionResult, $detail, $detailError, detailOpened, detailRefreshRequested, loadDetailFx } from './model.js';
import { deadlineLabel, money, osloDateTime, paymentLabel, unknownOperationText } from './rules.js';
import { ActionsPanel } from './ActionsPanel.js';
import { staffTexts as t } from './texts.js';
import styles from './staff.module.css';

function LineCard({ line }: { line: StaffReservationLine }) {
  const states = [
    line.fulfilledCount !== null ? t.handedOver(line.fulfilledCount) : null,
    line.removedCount ? t.removed(line.removedCount) : null,
    line.refundedCount ? t.refundedUnits(line.refundedCount) : null,
    line.returnedCount ? t.returnedUnits(line.returnedCount) : null,
  ].filter(Boolean);
  return (
    <li className={styles.line}>
      <h3>{line.name}</h3>
      <dl className={styles.facts}>
        <dt>{t.size}</dt>
        <dd>{line.size || '–'}</dd>
        <dt>{t.color}</dt>
        <dd>{line.color || '–'}</dd>
        <dt>{t.ean}</dt>
        <dd>{line.ean}</dd>
        <dt>{t.articleNo}</dt>
        <dd>{line.articleNo}</dd>
        <dt>{t.count}</dt>
        <dd>
          {line.count} × {money(line.price)}
        </dd>
        <dt>{t.stockShop}</dt>
        <dd>{line.stockShopName}</dd>
        {states.length ? (
          <>
            <dt>{t.lineState}</dt>
            <dd>{states.join(', ')}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function eventText(e: StaffReservationEvent): string {
  const kind = t.eventKinds[e.kind] ?? e.kind;
  const change = e.fromStatus !== null && e.toStatus !== null && e.fromStatus !== e.toStatus ? ` (${t.statusChange(reservationStatusLabel(e.fromStatus), reservationStatusLabel(e.toStatus))})` : '';
  return `${kind}${change}`;
}

function ResultMessage() {
  const [result, reload] = useUnit([$actionResult, detailOpened]);
  const detail = useUnit($detail);
  const box = useRef<HTMLDivElement>(null);
  // Focus follows the outcome, so a keyboard or screen-reader user lands on what happened.
  useEffect(() => {
    if (result) box.current?.focus();
  }, [result]);
  return (
    <div ref={box} tabIndex={-1} aria-live="polite">
      {result?.kind === 'done' ? (
        <p role="status" className={uiStyles.success}>
          {result.message}
        </p>
      ) : result ? (
        <div role="alert" className={uiStyles.error}>
          <p>{result.message}</p>
          {result.kind === 'stale' && detail ? (
            <button type="button" className={uiStyles.secondary} onClick={() => reload(detail.id)}>
              {t.reload}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Payment({ r }: { r: StaffReservationDetail }) {
  const p = r.payment;
  return (
    <section aria-labelledby="staff-payment" className={styles.section}>
      <h2 id="staff-payment">{t.paymentTitle}</h2>
      <p>
        <strong>{paymentLabel(p)}</strong>
      </p>
      {p ? (
        <dl className={styles.facts}>
          <dt>{t.provider}</dt>
          <dd>
            {p.provider === 'klarna' ? 'Klarna' : 'Qliro'} ({p.providerOrderId})
          </dd>
          <dt>{t.authorized}</dt>
          <dd>{money(p.authorizedAmount)}</dd>
          <dt>{t.captured}</dt>
          <dd>{money(p.capturedAmount)}</dd>
          <dt>{t.refundedAmount}</dt>
          <dd>{money(p.refundedAmount)}</dd>
        </dl>
      ) : null}
      {p && p.pendingCapture > 0 ? <p role="status">{t.pendingCapture(money(p.pendingCapture))}</p> : null}
      {p && p.pendingRefund > 0 ? <p role="status">{t.pendingRefund(money(p.pendingRefund))}</p> : null}
      {p && p.pendingOperations > 0 && !p.pendingCapture && !p.pendingRefund ? <p role="status">{t.pendingOperations(p.pendingOperations)}</p> : null}
      {p && p.failedOperations > 0 ? (
        <p role="alert" className={uiStyles.error}>
          {t.failedOperations(p.failedOperations)}
        </p>
      ) : null}
      {p?.operations
        .filter((o) => o.state === 'unknown')
        .map((o) => (
          <p key={o.id} role="alert" className={uiStyles.error}>
            {unknownOperationText(o)}
          </p>
        ))}
      {p?.discrepancy ? (
        <p role="alert" className={uiStyles.error}>
          {t.discrepancy(p.discrepancy)}
        </p>
      ) : null}
    </section>
  );
}

function Detail({ r, me }: { r: StaffReservationDetail; me: StaffMe }) {
  const deadline = deadlineLabel(r);
  const c = r.customer;
  return (
    <>
      <h2 id="staff-reservation">{t.reservationNo(r.id)}</h2>
      <p>
        <span className={styles.badge}>{reservationStatusLabel(r.statusId)}</span> · {r.homeDelivery ? t.homeDelivery : t.pickup} · {r.shopName}
        {deadline ? ` · ${deadline}` : ''}
      </p>
      <ResultMessage />
      <div className={styles.detail}>
        <div>
          <section aria-labelledby="staff-lines" className={styles.section}>
            <h2 id="staff-lines">{t.linesTitle}</h2>
            <ul className={styles.lines}>
              {r.lines.map((line) => (
                <LineCard key={line.id} line={line} />
              ))}
            </ul>
            <dl className={styles.facts}>
              {r.shippingPrice ? (
                <>
                  <dt>{t.shipping}</dt>
                  <dd>{money(r.shippingPrice)}</dd>
                </>
              ) : null}
              {r.discount ? (
                <>
                  <dt>{t.discount}</dt>
                  <dd>−{money(r.discount)}</dd>
                </>
              ) : null}
              <dt>{t.total}</dt>
              <dd>
                <strong>{money(r.total)}</strong>
              </dd>
            </dl>
          </section>
          <section aria-labelledby="staff-customer" className={styles.section}>
            <h2 id="staff-customer">{t.customerTitle}</h2>
            <dl className={styles.facts}>
              <dt>{t.name}</dt>
              <dd>{c.name}</dd>
              <dt>{t.email}</dt>
              <dd>
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </dd>
              <dt>{t.phone}</dt>
              <dd>
                <a href={`tel:${c.phone}`}>{c.phone}</a>
              </dd>
              {c.address ? (
                <>
                  <dt>{t.address}</dt>
                  <dd>{[c.address, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</dd>
                </>
              ) : null}
              {r.trackingUrl ? (
                <>
                  <dt>{t.tracking}</dt>
                  <dd>
                    <a href={r.trackingUrl}>{r.trackingUrl}</a>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
        </div>
        <div>
          <ActionsPanel key={`${r.id}:${r.version}`} r={r} me={me} now={new Date()} />
          <Payment r={r} />
          <section aria-labelledby="staff-events" className={styles.section}>
            <h2 id="staff-events">{t.historyTitle}</h2>
            <ol className={styles.events}>
              {r.events.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.createdAt}>{osloDateTime(e.createdAt)}</time> · {e.actorName ?? t.system} · {eventText(e)}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}

/** How often the detail is fetched again while the provider still has operations of it to run. */
export const PENDING_REFRESH_MS = 2000;

export function DetailView({ id, me }: { id: number | null; me: StaffMe }) {
  const [detail, error, pending, open, refresh] = useUnit([$detail, $detailError, loadDetailFx.pending, detailOpened, detailRefreshRequested]);
  useEffect(() => {
    if (id !== null) open(id);
  }, [id, open]);
  // A capture or refund runs at the provider after the answer: show its outcome without a reload.
  const waiting = detail !== null && detail.id === id && (detail.payment?.pendingOperations ?? 0) > 0;
  useEffect(() => {
    if (!waiting || id === null) return;
    const timer = setTimeout(() => refresh(id), PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [waiting, id, detail?.version, detail?.payment?.pendingOperations, detail, refresh]);
  return (
    <section aria-labelledby={detail ? 'staff-reservation' : undefined}>
      <p>
        <Link to={pathFor('staff')}>{t.back}</Link>
      </p>
      {id === null || error === 'notFound' ? (
        <p role="alert">{t.notFound}</p>
      ) : error === 'failed' ? (
        <div>
          <p role="alert" className={uiStyles.error}>
            {t.loadFailed}
          </p>
          <button type="button" className={uiStyles.secondary} onClick={() => open(id)}>
            {t.retry}
          </button>
        </div>
      ) : detail && detail.id === id ? (
        <Detail r={detail} me={me} />
      ) : pending ? (
        <p role="status">{t.loading}</p>
      ) : null}
    </section>
  );
}
