/** The actions the status allows, each a small form; money actions ask first (Confirm). */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import type { StaffMe, StaffReservationDetail, StaffReservationLine } from '@shop/contracts/types';
import uiStyles from '../ui/ui.module.css';
import { actionRequested, sendActionFx, type StaffActionRequest } from './model.js';
import {
  allowedActions,
  handedOverLines,
  isHttpsUrl,
  lineCounts,
  linesAmount,
  money,
  openUnits,
  parseKroner,
  refundableAmount,
  refundableUnits,
  returnableUnits,
  type AllowedAction,
} from './rules.js';
import { Confirm } from './Confirm.js';
import { staffTexts as t } from './texts.js';
import styles from './staff.module.css';

type Ask = (text: string, request: StaffActionRequest) => void;

function FormError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} role="alert" className={uiStyles.fieldError}>
      {message}
    </p>
  ) : null;
}

function CountInputs({ lines, max, label, values, onChange, describedBy }: {
  lines: readonly StaffReservationLine[];
  max: (l: StaffReservationLine) => number;
  label: (name: string) => string;
  values: Record<number, string>;
  onChange: (id: number, value: string) => void;
  describedBy?: string;
}) {
  return (
    <>
      {lines
        .filter((l) => max(l) > 0)
        .map((l) => (
          <label key={l.id} className={styles.label}>
            {label(`${l.name} ${[l.size, l.color].filter(Boolean).join(' / ')}`)}
            <input type="number" inputMode="numeric" min={0} max={max(l)} step={1} value={values[l.id] ?? ''} aria-describedby={describedBy} onChange={(e) => onChange(l.id, e.target.value)} />
          </label>
        ))}
    </>
  );
}

/** Why a hand-over is locked (the API's Norwegian reason), under its disabled button. */
function Locked({ id, action }: { id: string; action: AllowedAction }) {
  return action.reason ? <small id={id}>{action.reason}</small> : null;
}

function CollectedForm({ r, ask, action }: { r: StaffReservationDetail; ask: Ask; action: AllowedAction }) {
  const id = useId();
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(r.lines.map((l) => [l.id, String(openUnits(l))])));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = handedOverLines(r.lines, typed);
    if (!result.ok) return setError(result.error);
    setError(null);
    const all = r.lines.every((l) => (result.lines.find((c) => c.lineId === l.id)?.count ?? 0) === openUnits(l));
    // Everything handed over: the default (no lines) captures the whole; otherwise only what was handed over.
    ask(all ? t.confirmCapture(money(r.total)) : t.confirmCapturePartial, all ? { kind: 'collected' } : { kind: 'collected', lines: result.lines });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t.collected}</h3>
      <p id={`${id}-intro`}>{t.collectedIntro}</p>
      {action.enabled ? (
        <CountInputs lines={r.lines} max={openUnits} label={t.handedOverLabel} values={typed} describedBy={`${id}-intro`} onChange={(lineId, v) => setTyped((m) => ({ ...m, [lineId]: v }))} />
      ) : null}
      <FormError id={`${id}-err`} message={error} />
      <button type="submit" className={uiStyles.button} disabled={!action.enabled} aria-describedby={action.reason ? `${id}-why` : undefined}>
        {t.collected}
      </button>
      <Locked id={`${id}-why`} action={action} />
    </form>
  );
}

/** "Betalt i butikken": a reservation never paid online; the customer pays at the till, then the units handed over are registered. */
function PaidInShopForm({ r, ask }: { r: StaffReservationDetail; ask: Ask }) {
  const id = useId();
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(r.lines.map((l) => [l.id, String(openUnits(l))])));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = handedOverLines(r.lines, typed);
    if (!result.ok) return setError(result.error);
    setError(null);
    const all = r.lines.every((l) => (result.lines.find((c) => c.lineId === l.id)?.count ?? 0) === openUnits(l));
    // What the till takes: the units handed over, less the discount (as the API records it).
    const amount = Math.max(0, linesAmount(r.lines, result.lines) - r.discount);
    ask(t.confirmPaidInShop(money(amount)), all ? { kind: 'paid-in-shop' } : { kind: 'paid-in-shop', lines: result.lines });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t.paidInShop}</h3>
      <p id={`${id}-intro`}>{t.paidInShopIntro}</p>
      <CountInputs lines={r.lines} max={openUnits} label={t.handedOverLabel} values={typed} describedBy={`${id}-intro`} onChange={(lineId, v) => setTyped((m) => ({ ...m, [lineId]: v }))} />
      <FormError id={`${id}-err`} message={error} />
      <button type="submit" className={uiStyles.button}>
        {t.paidInShop}
      </button>
    </form>
  );
}

function ShippedForm({ r, ask, action }: { r: StaffReservationDetail; ask: Ask; action: AllowedAction }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isHttpsUrl(url)) return setError(t.trackingInvalid);
    setError(null);
    ask(t.confirmCapture(money(r.total)), { kind: 'shipped', trackingUrl: url.trim() });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t.shipped}</h3>
      <label className={styles.label}>
        {t.trackingUrl}
        <input type="url" inputMode="url" value={url} placeholder="https://" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} onChange={(e) => setUrl(e.target.value)} />
      </label>
      <FormError id={`${id}-err`} message={error} />
      <button type="submit" className={uiStyles.button} disabled={!action.enabled} aria-describedby={action.reason ? `${id}-why` : undefined}>
        {t.shipped}
      </button>
      <Locked id={`${id}-why`} action={action} />
    </form>
  );
}

function RemoveLineForm({ r, send, action }: { r: StaffReservationDetail; send: (request: StaffActionRequest) => void; action: AllowedAction }) {
  const id = useId();
  const lines = r.lines.filter((l) => openUnits(l) > 0);
  const [lineId, setLineId] = useState(lines[0]?.id ?? 0);
  const [count, setCount] = useState('1');
  const [restock, setRestock] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const line = lines.find((l) => l.id === lineId);
    const result = line ? lineCounts([line], { [line.id]: count }, openUnits) : null;
    if (!result || !result.ok || result.lines.length === 0) return setError(t.countInvalid);
    setError(null);
    send({ kind: 'remove-line', lineId, count: result.lines[0]!.count, restock });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t.removeTitle}</h3>
      <label className={styles.label}>
        {t.line}
        <select value={lineId} onChange={(e) => setLineId(Number(e.target.value))}>
          {lines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} {[l.size, l.color].filter(Boolean).join(' / ')} ({openUnits(l)})
            </option>
          ))}
        </select>
      </label>
      <label className={styles.label}>
        {t.removeCount}
        <input type="number" inputMode="numeric" min={1} step={1} value={count} onChange={(e) => setCount(e.target.value)} />
      </label>
      <label className={styles.inline}>
        <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> {t.restock}
      </label>
      <FormError id={`${id}-err`} message={error} />
      <button type="submit" className={uiStyles.secondary} disabled={!action.enabled} aria-describedby={action.reason ? `${id}-why` : undefined}>
        {t.removeLine}
      </button>
      <Locked id={`${id}-why`} action={action} />
    </form>
  );
}

function RefundForm({ r, ask }: { r: StaffReservationDetail; ask: Ask }) {
  const id = useId();
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const max = refundableAmount(r);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setError(t.reasonRequired);
    const counted = lineCounts(r.lines, typed, refundableUnits);
    if (!counted.ok) return setError(counted.error);
    if (amount.trim() !== '') {
      const ore = parseKroner(amount);
      if (ore === null) return setError(t.amountInvalid);
      if (ore > max) return setError(t.amountTooHigh(money(max)));
      setError(null);
      return ask(t.confirmRefund(money(ore)), { kind: 'refund', amount: ore, reason: reason.trim() });
    }
    if (counted.lines.length === 0) return setError(t.refundNothing);
    setError(null);
    ask(t.confirmRefundLines, { kind: 'refund', lines: counted.lines, reason: reason.trim() });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t.refundTitle}</h3>
      <CountInputs lines={r.lines} max={refundableUnits} label={t.refundLinesLabel} values={typed} onChange={(lineId, v) => setTyped((m) => ({ ...m, [lineId]: v }))} />
      <label className={styles.label}>
        {t.refundAmount}
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={`${id}-max`} />
      </label>
      <small id={`${id}-max`}>{t.refundMax(money(max))}</small>
      <label className={styles.label}>
        {t.refundReason}
        <textarea required value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <FormError id={`${id}-err`} message={error} />
      <button type="submit" className={uiStyles.button}>
        {t.refund}
      </button>
    </form>
  );
}

function ReturnForm({ r, me, send }: { r: StaffReservationDetail; me: StaffMe; send: (request: StaffActionRequest) => void }) {
  const id = useId();
  const [shopId, setShopId] = useState(me.shops.some((s) => s.id === r.shopId) ? r.shopId : (me.shops[0]?.id ?? r.shopId));
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const counted = lineCounts(r.lines, typed, returnableUnits);
    if (!counted.ok) return setError(counted.error);
    if (counted.lines.length === 0) return setError(t.countInvalid);
    setError(null);
    send({ kind: 'returned', shopId, lines: counted.lines });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t.returnTitle}</h3>
      <label className={styles.label}>
        {t.returnShop}
        <select value={shopId} onChange={(e) => setShopId(Number(e.target.value))}>
          {me.shops.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <CountInputs lines={r.lines} max={returnableUnits} label={t.returnLinesLabel} values={typed} onChange={(lineId, v) => setTyped((m) => ({ ...m, [lineId]: v }))} />
      <FormError id={`${id}-err`} message={error} />
      <button type="submit" className={uiStyles.secondary}>
        {t.registerReturn}
      </button>
    </form>
  );
}

function ActionBlock({ action, r, me, ask, send }: { action: AllowedAction; r: StaffReservationDetail; me: StaffMe; ask: Ask; send: (request: StaffActionRequest) => void }): ReactNode {
  const id = useId();
  switch (action.kind) {
    case 'ready':
      return (
        <div className={styles.form}>
          <button type="button" className={uiStyles.button} disabled={!action.enabled} onClick={() => send({ kind: 'ready' })}>
            {t.ready}
          </button>
        </div>
      );
    case 'not-collected':
      return (
        <div className={styles.form}>
          <button
            type="button"
            className={uiStyles.secondary}
            disabled={!action.enabled}
            aria-describedby={action.reason ? `${id}-why` : undefined}
            onClick={() => ask(t.confirmCancel, { kind: 'not-collected' })}
          >
            {t.notCollected}
          </button>
          {action.reason ? <small id={`${id}-why`}>{action.reason}</small> : null}
        </div>
      );
    case 'collected':
      return <CollectedForm r={r} ask={ask} action={action} />;
    case 'paid-in-shop':
      return <PaidInShopForm r={r} ask={ask} />;
    case 'shipped':
      return <ShippedForm r={r} ask={ask} action={action} />;
    case 'remove-line':
      return <RemoveLineForm r={r} send={send} action={action} />;
    case 'refund':
      return <RefundForm r={r} ask={ask} />;
    case 'returned':
      return <ReturnForm r={r} me={me} send={send} />;
  }
}

export function ActionsPanel({ r, me, now }: { r: StaffReservationDetail; me: StaffMe; now: Date }) {
  const [request, pending] = useUnit([actionRequested, sendActionFx.pending]);
  const [confirming, setConfirming] = useState<{ text: string; request: StaffActionRequest } | null>(null);
  const actions = allowedActions(r, me, now);
  if (actions.length === 0) return null;
  const send = (next: StaffActionRequest) => {
    setConfirming(null);
    request(next);
  };
  return (
    <section aria-labelledby="staff-actions" className={styles.section}>
      <h2 id="staff-actions">{t.actionsTitle}</h2>
      {confirming ? <Confirm text={confirming.text} onConfirm={() => send(confirming.request)} onCancel={() => setConfirming(null)} /> : null}
      {/* Kept mounted while confirming, so "Avbryt" gives back what was typed. */}
      <fieldset disabled={pending} hidden={confirming !== null} style={{ border: 0, padding: 0, margin: 0 }}>
        {actions.map((action) => (
          <ActionBlock key={action.kind} action={action} r={r} me={me} ask={(text, next) => setConfirming({ text, request: next })} send={send} />
        ))}
      </fieldset>
    </section>
  );
}
