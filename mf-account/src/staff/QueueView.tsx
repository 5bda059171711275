import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { RESERVATION_STATUSES, reservationStatusLabel } from '@shop/contracts/constants';
import { pathFor } from '@shop/contracts/routes';
import type { StaffMe, StaffReservation } from '@shop/contracts/types';
import uiStyles from '../ui/ui.module.css';
import { $filters, $queue, $queueFailed, loadQueueFx, pageSelected, queueRefreshRequested, searchSubmitted, shopSelected, statusesChanged } from './model.js';
import { deadlineLabel, money, paymentLabel, unitCount } from './rules.js';
import { staffTexts as t } from './texts.js';
import styles from './staff.module.css';

function QueueRow({ r }: { r: StaffReservation }) {
  const deadline = deadlineLabel(r);
  return (
    <li className={styles.row}>
      <h3>
        <Link to={pathFor('staffReservation', { reservationId: r.id })}>{t.reservationNo(r.id)}</Link>
      </h3>
      <p className={styles.amount}>{money(r.total)}</p>
      <p>
        {r.customer.name} · {r.homeDelivery ? t.homeDelivery : t.pickup} · {r.shopName}
      </p>
      <p className={styles.amount}>{t.lineCount(unitCount(r))}</p>
      <p>
        <span className={styles.badge}>{reservationStatusLabel(r.statusId)}</span> · {t.paymentState(paymentLabel(r.payment))}
        {deadline ? ` · ${deadline}` : ''}
      </p>
    </li>
  );
}

function Filters({ me }: { me: StaffMe }) {
  const [filters, selectShop, setStatuses, search] = useUnit([$filters, shopSelected, statusesChanged, searchSubmitted]);
  const [q, setQ] = useState(filters.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(q);
  };
  const toggle = (id: number, on: boolean) => setStatuses(on ? [...filters.status, id].sort((a, b) => a - b) : filters.status.filter((s) => s !== id));
  return (
    <div className={styles.filters}>
      <label className={styles.label}>
        {t.shop}
        <select value={filters.shopId ?? ''} onChange={(e) => selectShop(e.target.value === '' ? null : Number(e.target.value))}>
          {me.shops.length > 1 ? <option value="">{t.allShops}</option> : null}
          {me.shops.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <form role="search" onSubmit={submit} className={styles.label}>
        <label htmlFor="staff-search">{t.search}</label>
        <div className={styles.searchRow}>
          <input id="staff-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} aria-describedby="staff-search-hint" />
          <button type="submit" className={uiStyles.button}>
            {t.searchButton}
          </button>
        </div>
        <small id="staff-search-hint">{t.searchHint}</small>
      </form>
      <fieldset className={styles.chips} style={{ gridColumn: '1 / -1' }}>
        <legend>{t.statuses}</legend>
        {RESERVATION_STATUSES.map((s) => (
          <label key={s.id} className={styles.chip}>
            <input type="checkbox" checked={filters.status.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} /> {s.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

export function QueueView({ me }: { me: StaffMe }) {
  const [queue, failed, pending, filters, selectPage, refresh] = useUnit([$queue, $queueFailed, loadQueueFx.pending, $filters, pageSelected, queueRefreshRequested]);
  const meta = queue?.meta;
  return (
    <>
      <section aria-labelledby="staff-filters">
        <h2 id="staff-filters">{t.filtersTitle}</h2>
        <Filters me={me} />
      </section>
      <section aria-labelledby="staff-queue" aria-busy={pending}>
        <h2 id="staff-queue">{t.queueTitle}</h2>
        <p role="status">{pending && !queue ? t.loading : meta ? t.resultCount(meta.total) : ''}</p>
        {failed ? (
          <div>
            <p role="alert" className={uiStyles.error}>
              {t.queueFailed}
            </p>
            <button type="button" className={uiStyles.secondary} onClick={() => refresh()}>
              {t.retry}
            </button>
          </div>
        ) : null}
        {queue && queue.data.length === 0 ? <p>{t.emptyQueue}</p> : null}
        <ul className={styles.queue}>
          {queue?.data.map((r) => (
            <QueueRow key={r.id} r={r} />
          ))}
        </ul>
        {meta && meta.last_page > 1 ? (
          <nav aria-label={t.paging} className={styles.paging}>
            <button type="button" className={uiStyles.secondary} disabled={pending || filters.page <= 1} onClick={() => selectPage(filters.page - 1)}>
              {t.previous}
            </button>
            <span>{t.page(meta.current_page, meta.last_page)}</span>
            <button type="button" className={uiStyles.secondary} disabled={pending || filters.page >= meta.last_page} onClick={() => selectPage(filters.page + 1)}>
              {t.next}
            </button>
          </nav>
        ) : null}
      </section>
    </>
  );
}
