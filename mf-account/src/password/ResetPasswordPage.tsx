import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { fieldErrors, serverMessage } from '@shop/contracts/api';
import { genericErrorText } from '@shop/contracts/texts';
import { resetPasswordFx } from './model.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { ErrorMessage, Field } from '../ui/Field.js';
import styles from '../ui/ui.module.css';
import { MIN_PASSWORD_LENGTH } from '../register/rules.js';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('resetPassword');

/** Reads ?token=…&email=… from the link in the reset e-mail. */
export default function ResetPasswordPage({ paths }: { paths?: Partial<AccountPaths> }) {
  const p = withPaths(paths);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, pending] = useUnit([resetPasswordFx, resetPasswordFx.pending]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const local: Record<string, string> = {};
    if (password.length < MIN_PASSWORD_LENGTH) local.password = texts.passwordTooShort;
    else if (password !== confirmation) local.password_confirmation = texts.passwordsDiffer;
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      setDone((await reset({ token, email: email.trim(), password, password_confirmation: confirmation })).message);
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      setError(fields.token ?? serverMessage(e) ?? genericErrorText);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <h1 id="reset-title">{texts.resetTitle}</h1>
      {done ? (
        <p role="status" className={styles.success}>
          {done}
        </p>
      ) : !token ? (
        <ErrorMessage message={texts.resetMissingToken} />
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <ErrorMessage message={error} />
          <Field label={texts.email} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <Field label={texts.newPassword} type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          <Field label={texts.passwordConfirmation} type="password" name="password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={errors.password_confirmation} />
          <button className={styles.button} type="submit" disabled={!hydrated || pending}>
            {texts.resetButton}
          </button>
        </form>
      )}
      <p>
        <Link to={done ? p.login : p.forgotPassword}>{done ? texts.backToLogin : texts.forgotLink}</Link>
      </p>
    </section>
  );
}
