/**
 * "Må følges opp" on /butikk: payments whose record differs from the provider's, and provider operations the shop
 * could not settle. Every staff member sees the list (shop staff: their shops'); customer service and admin also
 * get the reconcile button and settle an unknown operation with what they found out at the provider.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { pathFor } from '@shop/contracts/routes';
import type { StaffFollowUpItem, StaffMe } from '@shop/contracts/types';
import uiStyles from '../ui/ui.module.css';
import { $followUp, $followUpFailed, $followUpResult, followUpRefreshRequested, loadFollowUpFx, reconcileFx, reconcileRequested, resolveFx, resolveRequested } from './model.js';
import { followUpLabel, money, osloDateTime } from './rules.js';
import { staffTexts as t } from './texts.js';
import styles from './staff.module.css';

function Outcome({ operationId }: { operationId: number | null }) {
  const result = useUnit($followUpResult);
  if (!result || result.operationId !== operationId) return null;
  return result.kind === 'done' ? (
    <p role="status" className={uiStyles.success}>
      {result.message}
    </p>
  ) : (
    <p role="alert" className={uiStyles.error}>
      {result.message}
    </p>
  );
}

function ResolveForm({ item }: { item: StaffFollowUpItem }) {
  const id = useId();
  const [resolve, pending] = useUnit([resolveRequested, resolveFx.pending]);
  const [outcome, setOutcome] = useState<'confirmed' | 'refused'>('confirmed');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t.reasonRequired);
    setError(null);
    resolve({ operationId: item.operationId!, reservationId: item.reservationId, outcome, reason: reason.trim() });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`${t.resolve} ${t.reservationNo(item.reservationId)}`} noValidate>
      <label className={styles.label}>
        {t.resolveOutcome}
        <select value={outcome} onChange={(e) => setOutcome(e.target.value as 'confirmed' | 'refused')}>
          <option value="confirmed">{t.resolveConfirmed}</option>
          <option value="refused">{t.resolveRefused}</option>
        </select>
      </label>
      <label className={styles.label}>
        {t.resolveReason}
        <input value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={error ? `${id}-err` : undefined} maxLength={1000} />
      </label>
      {error ? (
        <p id={`${id}-err`} role="alert" className={uiStyles.fieldError}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={uiStyles.button} disabled={pending}>
        {t.resolve}
      </button>
      <Outcome operationId={item.operationId} />
    </form>
  );
}

function FollowUpRow({ item, me }: { item: StaffFollowUpItem; me: StaffMe }) {
  return (
    <li className={styles.row}>
      <h3>
        <Link to={pathFor('staffReservation', { reservationId: item.reservationId })}>{t.reservationNo(item.reservationId)}</Link>
      </h3>
      <p className={styles.amount}>{item.amount !== null ? money(item.amount) : ''}</p>
      <p>
        <strong>{followUpLabel(item)}</strong> · {item.provider === 'klarna' ? 'Klarna' : 'Qliro'} · {item.shopName} · <time dateTime={item.at}>{osloDateTime(item.at)}</time>
      </p>
      {item.known ? <p>{item.known}</p> : null}
      {me.canRefund && item.type === 'operation' && item.state === 'unknown' ? <ResolveForm item={item} /> : null}
    </li>
  );
}

export function FollowUpView({ me }: { me: StaffMe }) {
  const [items, failed, pending, refresh, reconcile, reconciling] = useUnit([$followUp, $followUpFailed, loadFollowUpFx.pending, followUpRefreshRequested, reconcileRequested, reconcileFx.pending]);
  return (
    <section aria-labelledby="staff-follow-up" aria-busy={pending} className={styles.section}>
      <h2 id="staff-follow-up">{t.followUpTitle}</h2>
      <p>{t.followUpIntro}</p>
      {me.canRefund ? (
        <div>
          <button type="button" className={uiStyles.secondary} disabled={reconciling} onClick={() => reconcile()}>
            {t.reconcile}
          </button>
          <Outcome operationId={null} />
        </div>
      ) : null}
      {failed ? (
        <div>
          <p role="alert" className={uiStyles.error}>
            {t.followUpFailed}
          </p>
          <button type="button" className={uiStyles.secondary} onClick={() => refresh()}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {items && items.length === 0 ? <p>{t.followUpEmpty}</p> : null}
      {items && items.length > 0 ? (
        <ul className={styles.queue} aria-label={t.followUpTitle}>
          {items.map((item) => (
            <FollowUpRow key={`${item.type}:${item.operationId ?? item.paymentId}`} item={item} me={me} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
