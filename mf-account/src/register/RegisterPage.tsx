import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { $user } from '@shop/contracts/bus';
import { $registerError, $registerFieldErrors, registerFx } from '../session/model.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { Check, ErrorMessage, Field } from '../ui/Field.js';
import { usePostcodePlace } from '../ui/usePostcodePlace.js';
import styles from '../ui/ui.module.css';
import { emptyRegisterForm, registerFormErrors, registerPayload, type RegisterForm } from './rules.js';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('register');

export interface RegisterPageProps {
  paths?: Partial<AccountPaths>;
}

export default function RegisterPage({ paths }: RegisterPageProps) {
  const p = withPaths(paths);
  const navigate = useNavigate();
  const [register, pending, serverError, serverFields, user] = useUnit([registerFx, registerFx.pending, $registerError, $registerFieldErrors, $user]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [form, setForm] = useState<RegisterForm>(emptyRegisterForm);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // No city field here: only an unknown postcode is said at once (issue 21).
  const unknownPostcode = usePostcodePlace(form.postal_code);
  const errors: Record<string, string | undefined> = { ...serverFields, ...localErrors };
  if (unknownPostcode) errors.postal_code = unknownPostcode;
  const set = <K extends keyof RegisterForm>(key: K) => (value: RegisterForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof RegisterForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value as never),
    name: key,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = registerFormErrors(form);
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await register(registerPayload(form));
      navigate(p.verifyEmail);
    } catch {
      // The model holds the message and the field errors.
    }
  };

  if (user && !pending) {
    return (
      <section className={styles.page} aria-labelledby="register-title">
        <h1 id="register-title">{texts.registerTitle}</h1>
        <p>
          {texts.alreadyLoggedIn} <Link to={p.account}>{texts.accountTitle}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="register-title">
      <h1 id="register-title">{texts.registerTitle}</h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <ErrorMessage message={serverError} />
        <Field label={texts.firstName} autoComplete="given-name" required error={errors.first_name} {...text('first_name')} />
        <Field label={texts.lastName} autoComplete="family-name" required error={errors.last_name} {...text('last_name')} />
        <Field label={texts.email} type="email" autoComplete="email" required error={errors.email} {...text('email')} />
        <Field label={texts.phone} type="tel" autoComplete="tel" required error={errors.phone} {...text('phone')} />
        <Field label={texts.password} type="password" autoComplete="new-password" required error={errors.password} {...text('password')} />
        <Field label={texts.passwordConfirmation} type="password" autoComplete="new-password" required error={errors.password_confirmation} {...text('password_confirmation')} />
        <Field label={texts.birthDate} type="date" autoComplete="bday" error={errors.birth_date} {...text('birth_date')} />
        <div className={styles.field}>
          <label htmlFor="register-gender">{texts.gender}</label>
          <select id="register-gender" name="gender_id" value={form.gender_id} onChange={(e) => set('gender_id')(e.target.value)}>
            <option value="">{texts.genderNone}</option>
            <option value="1">Herre</option>
            <option value="2">Dame</option>
          </select>
        </div>
        <Field label={texts.postalCode} inputMode="numeric" autoComplete="postal-code" error={errors.postal_code} {...text('postal_code')} />
        <Check label={texts.terms} name="terms" checked={form.terms} onChange={set('terms')} error={errors.terms_conditions} />
        <Check label={texts.club} name="club" checked={form.club} onChange={set('club')} />
        <Check label={texts.marketing} name="marketing" checked={form.marketing} onChange={set('marketing')} />
        <Check label={texts.newsletter} name="newsletter" checked={form.newsletter} onChange={set('newsletter')} />
        <Check label={texts.eventInvite} name="event_invite" checked={form.event_invite} onChange={set('event_invite')} />
        <Check label={texts.birthdayGift} name="birthday_gift" checked={form.birthday_gift} onChange={set('birthday_gift')} />
        <button className={styles.button} type="submit" disabled={!hydrated || pending}>
          {texts.registerButton}
        </button>
      </form>
      <p>
        <Link to={p.login}>{texts.loginTitle}</Link>
      </p>
    </section>
  );
}
