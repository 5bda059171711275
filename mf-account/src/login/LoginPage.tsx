import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { $user } from '@shop/contracts/bus';
import { $loginError, loginFx } from '../session/model.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { ErrorMessage, Field } from '../ui/Field.js';
import styles from '../ui/ui.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('login');

export interface LoginFormProps {
  /** The form is shown in (or opened from) the cart: after login the page reloads with the cart open. */
  fromCart?: boolean;
  paths?: Partial<AccountPaths>;
}

/** The login form alone (exposed as ./LoginForm for the cart); the page wraps it with a heading and links. */
export function LoginForm({ fromCart = false, paths }: LoginFormProps) {
  const p = withPaths(paths);
  const [login, pending, error] = useUnit([loginFx, loginFx.pending, $loginError]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<LoginFieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty fields never reach the API: they are not a failed login attempt (which counts toward the 429 block).
    const found = loginFieldErrors(username, password);
    setMissing(found);
    if (found.username || found.password) return;
    // The path suffix tells the API how to read the username (SPEC §7: optional type suffix).
    const type = username.includes('@') ? 'email' : 'phone';
    login({ payload: { username: username.trim(), password }, type, fromCart }).catch(() => undefined);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ErrorMessage message={error} />
      <Field
        label={texts.username}
        name="username"
        autoComplete="username"
        value={username}
        error={missing.username}
        onChange={(e) => {
          setUsername(e.target.value);
          setMissing((m) => ({ ...m, username: undefined }));
        }}
        required
      />
      <Field
        label={texts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={missing.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setMissing((m) => ({ ...m, password: undefined }));
        }}
        required
      />
      <button className={styles.button} type="submit" disabled={!hydrated || pending}>
        {texts.loginButton}
      </button>
      <p>
        <Link to={p.forgotPassword}>{texts.forgotLink}</Link>
      </p>
    </form>
  );
}

export interface LoginFieldErrors {
  username?: string;
  password?: string;
}

/** The required-field messages of the login form: both fields must have more than blanks. */
export function loginFieldErrors(username: string, password: string): LoginFieldErrors {
  return {
    ...(username.trim() === '' ? { username: texts.usernameRequired } : {}),
    ...(password.trim() === '' ? { password: texts.passwordRequired } : {}),
  };
}

export default function LoginPage({ fromCart, paths }: LoginFormProps) {
  const p = withPaths(paths);
  const user = useUnit($user);
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">{texts.loginTitle}</h1>
      {user ? (
        <p>
          {texts.alreadyLoggedIn} <Link to={p.account}>{texts.accountTitle}</Link>
        </p>
      ) : (
        <>
          <LoginForm fromCart={fromCart} paths={paths} />
          <p>
            {texts.noAccount} <Link to={p.register}>{texts.registerLink}</Link>
          </p>
        </>
      )}
    </section>
  );
}
