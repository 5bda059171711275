import { useId, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { checkPromocode } from '@shop/contracts/api';
import { formatDate } from '@shop/contracts/format';
import { $activePromocode, $discount, $orders, $promocodeRefusal, promocodeApplied, promocodeCleared } from '../cart/model.js';
import { texts } from '../texts.js';
import { describePromo, promoErrorMessage, promoProblem } from './rules.js';
import styles from './PromoCodeForm.module.css';

type Status = { kind: 'idle' } | { kind: 'checking' } | { kind: 'error'; message: string } | { kind: 'applied'; name: string };

/** Enter, check (GET /promocodes/check/{code}) and apply a promo code, or clear the active one. */
export function PromoCodeForm() {
  const [active, discount, orders, refusal, apply, clear] = useUnit([$activePromocode, $discount, $orders, $promocodeRefusal, promocodeApplied, promocodeCleared]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [value, setValue] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const id = useId();
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (entered === '') return setStatus({ kind: 'error', message: texts.promoRequired });
    setStatus({ kind: 'checking' });
    try {
      const code = await checkPromocode(entered);
      const problem = promoProblem(code, { now: new Date(), discountActive: discount.activated, cartEmpty: orders.length === 0 });
      if (problem) return setStatus({ kind: 'error', message: problem });
      apply(code);
      setValue('');
      setStatus({ kind: 'applied', name: code.name });
    } catch (error) {
      setStatus({ kind: 'error', message: promoErrorMessage(error) });
    }
  };

  if (active && discount.activated) {
    return (
      <div className={styles.active} data-testid="promo-active">
        <p role="status">
          {texts.promoActive(active.name)} – {describePromo(active)}
        </p>
        {active.valid_to && <p className={styles.hint}>{texts.promoValidTo(formatDate(active.valid_to))}</p>}
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            clear();
            setStatus({ kind: 'idle' });
          }}
        >
          {texts.promoClear}
        </button>
      </div>
    );
  }

  // The server's reason for dropping the code at checkout, until the shopper tries a code here.
  const shown: Status = status.kind === 'idle' && refusal ? { kind: 'error', message: refusal } : status;
  const invalid = shown.kind === 'error';
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`}>{texts.promoLabel}</label>
      <div className={styles.row}>
        <input
          id={`${id}-code`}
          name="promocode"
          autoComplete="off"
          autoCapitalize="characters"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className={styles.button} disabled={!hydrated || status.kind === 'checking'}>
          {texts.promoApply}
        </button>
      </div>
      {shown.kind === 'checking' && <p role="status">{texts.promoChecking}</p>}
      {shown.kind === 'error' && (
        <p id={errorId} className={styles.error} role="alert">
          {shown.message}
        </p>
      )}
      {shown.kind === 'applied' && <p role="status">{texts.promoApplied(shown.name)}</p>}
    </form>
  );
}
