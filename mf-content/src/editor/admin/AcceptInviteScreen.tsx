/**
 * /redaksjon/invitasjon?token=… (no login): the invited staff member chooses a password with the link from the
 * e-mail, then logs in. A used, expired or withdrawn link gets the API's Norwegian message.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { acceptStaffInvite } from '@shop/contracts/api';
import { pathFor } from '@shop/contracts/routes';
import { MIN_PASSWORD_LENGTH } from '@shop/contracts/validation';
import { Button, Notice, TextField } from '../ui/index.js';
import { passwordProblem } from './rules.js';
import { texts } from './texts.js';
import { refusalOf } from './reloadable.js';
import styles from './admin.module.css';

const t = texts.invite;

export function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = passwordProblem(password);
    setFieldError(problem);
    if (problem) return input.current?.focus();
    setBusy(true);
    try {
      await acceptStaffInvite({ token, password });
      setDone(true);
    } catch (error) {
      const refusal = refusalOf(error, ['password'], texts.failed);
      setFieldError(refusal.fields.password ?? null);
      setFailure(refusal.message);
      if (refusal.fields.password) input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.screen} aria-labelledby="invite-title">
      <h1 id="invite-title">{t.title}</h1>
      {!token ? (
        <Notice tone="error">{t.noToken}</Notice>
      ) : done ? (
        <>
          <Notice tone="success">{t.done}</Notice>
          <p>
            <Link to={pathFor('login')}>{t.login}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate className={styles.form}>
          <p className={styles.intro}>{t.intro}</p>
          <div className={styles.passwordRow}>
            <TextField
              ref={input}
              label={t.password}
              hint={t.passwordHint(MIN_PASSWORD_LENGTH)}
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fieldError}
              maxLength={200}
            />
            <Button variant="secondary" onClick={() => setShown((s) => !s)}>
              {shown ? t.hide : t.show}
            </Button>
          </div>
          {failure && <Notice tone="error">{failure}</Notice>}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? texts.saving : t.submit}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
