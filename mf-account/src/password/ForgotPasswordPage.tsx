import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { fieldErrors, serverMessage } from '@shop/contracts/api';
import { genericErrorText } from '@shop/contracts/texts';
import { requestResetFx } from './model.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { ErrorMessage, Field } from '../ui/Field.js';
import styles from '../ui/ui.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('forgotPassword');

export default function ForgotPasswordPage({ paths }: { paths?: Partial<AccountPaths> }) {
  const p = withPaths(paths);
  const [request, pending] = useUnit([requestResetFx, requestResetFx.pending]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setDone((await request({ email: email.trim() })).message);
    } catch (e) {
      setError(fieldErrors(e).email ?? serverMessage(e) ?? genericErrorText);
    }
  };
  return (
    <section className={styles.page} aria-labelledby="forgot-title">
      <h1 id="forgot-title">{texts.forgotTitle}</h1>
      {done ? (
        <p role="status" className={styles.success}>
          {done}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p>{texts.forgotIntro}</p>
          <ErrorMessage message={error} />
          <Field label={texts.email} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          <button className={styles.button} type="submit" disabled={!hydrated || pending}>
            {texts.forgotButton}
          </button>
        </form>
      )}
      <p>
        <Link to={p.login}>{texts.backToLogin}</Link>
      </p>
    </section>
  );
}
