import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $user, $userLoaded } from '@shop/contracts/bus';
import { RESERVATION_STATUS } from '@shop/contracts/constants';
import { formatMoney } from '@shop/contracts/format';
import { osloDateTime } from '../ui/dates.js';
import { productPath } from '@shop/contracts/routes';
import type { CustomerOrder, Reservation, Review } from '@shop/contracts/types';
import { hasMore, ordersHistory, reservationsHistory, reviewsHistory, type HistoryList } from './model.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { ErrorMessage } from '../ui/Field.js';
import { TimeAgo } from '../ui/TimeAgo.js';
import styles from '../ui/ui.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('history');

function HistorySection<T>({ id, title, empty, list, render }: { id: string; title: string; empty: string; list: HistoryList<T>; render: (item: T) => ReactNode }) {
  const [items, meta, failed, pending, request] = useUnit([list.$items, list.$meta, list.$failed, list.fetchPageFx.pending, list.pageRequested]);
  useEffect(() => {
    request(1);
  }, [request]);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {failed ? <ErrorMessage message={texts.historyFailed} /> : null}
      {meta && items.length === 0 ? <p>{empty}</p> : null}
      {!meta && pending ? <p role="status">{texts.loading}</p> : null}
      <ul className={styles.list}>{items.map(render)}</ul>
      {hasMore(meta) ? (
        <button className={styles.secondary} type="button" disabled={pending} onClick={() => request((meta?.current_page ?? 0) + 1)}>
          {texts.showMore}
        </button>
      ) : null}
    </section>
  );
}

function ReservationItem({ r }: { r: Reservation }) {
  return (
    <li className={styles.card}>
      <h3>
        {texts.reservationNo(r.id)} · <TimeAgo at={r.date} />
      </h3>
      <p>
        {r.delivery ? texts.delivery : texts.pickup} · {texts.status(r.statusID)}
        {r.trackingUrl ? (
          <>
            {' '}
            · <a href={r.trackingUrl}>{texts.track}</a>
          </>
        ) : null}
        {r.statusID === RESERVATION_STATUS.ready && r.pickupUntil ? <> · {texts.pickupUntil(osloDateTime(r.pickupUntil))}</> : null}
      </p>
      <ul>
        {r.articles.map((line) => (
          <li key={line.ean}>
            <Link to={productPath(line.articleId)}>{line.name}</Link> {[line.size, line.color].filter(Boolean).join(' / ')} — {line.count} × {formatMoney(line.price)}
          </li>
        ))}
      </ul>
      <p>
        {texts.total}: <strong>{formatMoney(r.total)}</strong>
      </p>
      {r.refundedAmount ? (
        <p>
          {texts.refunded}: <strong>{formatMoney(r.refundedAmount)}</strong>
        </p>
      ) : null}
      {r.refundPending ? <p role="status">{texts.refundPending}</p> : null}
    </li>
  );
}

function OrderItem({ o }: { o: CustomerOrder }) {
  return (
    <li className={styles.card}>
      <h3>
        {texts.orderNo(o.OrderID)} · <TimeAgo at={o.DateCreated} />
      </h3>
      <ul>
        {o.orderlines.map((line) => (
          <li key={line.ean}>
            {line.name} — {line.count} × {formatMoney(line.price)}
          </li>
        ))}
      </ul>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">{texts.net}</th>
            <td>{formatMoney(o.NetAmount)}</td>
          </tr>
          <tr>
            <th scope="row">{texts.vat(o.VatPercentage)}</th>
            <td>{formatMoney(o.Vat)}</td>
          </tr>
          <tr>
            <th scope="row">{texts.total}</th>
            <td>
              <strong>{formatMoney(o.Total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </li>
  );
}

function ReviewItem({ r }: { r: Review }) {
  return (
    <li className={styles.card}>
      <p aria-label={texts.rating(r.rating)}>{'★'.repeat(r.rating) + '☆'.repeat(Math.max(0, 5 - r.rating))}</p>
      <p>{r.content}</p>
      <p>
        <Link to={productPath(r.reviewable_id)}>
          <TimeAgo at={r.created_at} />
        </Link> · {r.approved ? texts.approved : texts.pending}
      </p>
      {r.reply ? <blockquote>{r.reply}</blockquote> : null}
    </li>
  );
}

export interface HistoryPageProps {
  paths?: Partial<AccountPaths>;
}

export default function HistoryPage({ paths }: HistoryPageProps) {
  const p = withPaths(paths);
  const [user, loaded] = useUnit([$user, $userLoaded]);
  return (
    <section className={styles.page} aria-labelledby="history-title">
      <h1 id="history-title">{texts.historyTitle}</h1>
      {!loaded ? (
        <p role="status">{texts.loading}</p>
      ) : !user ? (
        <p>
          {texts.notLoggedIn} <Link to={p.login}>{texts.logInLink}</Link>
        </p>
      ) : (
        <>
          <HistorySection id="history-orders" title={texts.ordersTitle} empty={texts.noOrders} list={ordersHistory} render={(o) => <OrderItem key={o.OrderID} o={o} />} />
          <HistorySection id="history-reservations" title={texts.reservationsTitle} empty={texts.noReservations} list={reservationsHistory} render={(r) => <ReservationItem key={r.id} r={r} />} />
          <HistorySection id="history-reviews" title={texts.reviewsTitle} empty={texts.noReviews} list={reviewsHistory} render={(r) => <ReviewItem key={r.id} r={r} />} />
        </>
      )}
    </section>
  );
}
