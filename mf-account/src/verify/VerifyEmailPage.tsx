import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $user, userFetchRequested } from '@shop/contracts/bus';
import { fieldErrors, serverMessage } from '@shop/contracts/api';
import { genericErrorText } from '@shop/contracts/texts';
import { verifyEmailFx } from '../password/model.js';
import { resendFx, resendRequested } from '../session/model.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { ErrorMessage } from '../ui/Field.js';
import styles from '../ui/ui.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('verifyEmail');

/** The resend button; the outcome ("Epost sendt til {email}" for 3000 ms / "Epost ble ikke sendt") is the shell's alert. */
export function ResendVerification() {
  const [resend, pending] = useUnit([resendRequested, resendFx.pending]);
  return (
    <div>
      <button className={styles.secondary} type="button" onClick={() => resend()} disabled={pending}>
        {texts.resendButton}
      </button>
    </div>
  );
}

/**
 * Two uses: without ?token it is the notice after registering ("check your e-mail" + resend); with ?token (the
 * link in the e-mail) it confirms the address and refreshes the user.
 */
export default function VerifyEmailPage({ paths }: { paths?: Partial<AccountPaths> }) {
  const p = withPaths(paths);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [user, verify, refreshUser] = useUnit([$user, verifyEmailFx, userFetchRequested]);
  const [state, setState] = useState<{ kind: 'idle' | 'verifying' | 'done' | 'failed'; message?: string }>({ kind: token ? 'verifying' : 'idle' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify(token)
      .then((answer) => {
        setState({ kind: 'done', message: answer.message });
        refreshUser();
      })
      .catch((e: unknown) => setState({ kind: 'failed', message: fieldErrors(e).token ?? serverMessage(e) ?? genericErrorText }));
  }, [token, verify, refreshUser]);

  return (
    <section className={styles.page} aria-labelledby="verify-title">
      <h1 id="verify-title">{texts.verifyTitle}</h1>
      {state.kind === 'verifying' ? <p role="status">{texts.verifying}</p> : null}
      {state.kind === 'done' ? (
        <p role="status" className={styles.success}>
          {state.message ?? texts.verified}
        </p>
      ) : null}
      {state.kind === 'failed' ? <ErrorMessage message={state.message} /> : null}
      {state.kind !== 'done' && user && !user.email_verified ? (
        <>
          <p>{texts.verifyNotice(user.email)}</p>
          <ResendVerification />
        </>
      ) : null}
      <p>
        <Link to={user ? p.account : p.login}>{user ? texts.accountTitle : texts.loginTitle}</Link>
      </p>
    </section>
  );
}
