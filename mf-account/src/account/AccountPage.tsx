import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { $user, $userLoaded } from '@shop/contracts/bus';
import type { Customer, CustomerUpdatePayload } from '@shop/contracts/types';
import { $deleteError, $updateError, $updateFieldErrors, deleteFx, logoutFx, updateOwnAccountFx } from '../session/model.js';
import { ResendVerification } from '../verify/VerifyEmailPage.js';
import { $joinClubError, $memberCode, joinClubFx, loadMemberCodeFx } from './model.js';
import { needsCurrentPassword, pendingEmailChange, profileErrors, profileFormOf, profilePayload, type ProfileForm } from './profile.js';
import { texts } from '../texts.js';
import { withPaths, type AccountPaths } from '../paths.js';
import { Check, ErrorMessage, Field } from '../ui/Field.js';
import { usePostcodePlace } from '../ui/usePostcodePlace.js';
import styles from '../ui/ui.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('account');

type FlagField = 'cookie_default' | 'cookie_ga' | 'cookie_google_tag_manager' | 'cookie_meta_pixel' | 'marketing' | 'newsletter' | 'event_invite' | 'birthday_gift' | 'club';

/**
 * The club: a member may leave with the box (PUT club 0); joining is its own action, granted by the server's rule
 * (consent and a verified e-mail, api/src/accounts/club.ts), so a non-member gets a button, not a box.
 */
function Club({ user, box }: { user: Customer; box: (key: FlagField, label: string) => ReactElement }) {
  const [join, pending, error, hydrated] = useUnit([joinClubFx, joinClubFx.pending, $joinClubError, $pageHydrated]);
  return (
    <section className={styles.section} aria-labelledby="club-title">
      <h2 id="club-title">{texts.clubTitle}</h2>
      {user.club ? (
        <>
          {box('club', texts.memberSince)}
          <MemberCode />
        </>
      ) : (
        <>
          <p>{texts.notMember}</p>
          {user.email_verified ? null : <p>{texts.joinClubNeedsVerifiedEmail}</p>}
          <ErrorMessage message={error} />
          <button className={styles.button} type="button" disabled={!hydrated || pending || !user.email_verified} onClick={() => join().catch(() => undefined)}>
            {texts.joinClubButton}
          </button>
        </>
      )}
    </section>
  );
}

function Profile({ user }: { user: Customer }) {
  const [update, pending, serverError, serverFields] = useUnit([updateOwnAccountFx, updateOwnAccountFx.pending, $updateError, $updateFieldErrors]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<{ confirmationSentTo: string | null } | null>(null);
  // Sted fills itself from a known postcode; an unknown one says so at once (issue 21).
  const unknownPostcode = usePostcodePlace(form.postal_code, form.city, (city) => setForm((f) => ({ ...f, city })));
  const field = (key: keyof ProfileForm) => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: (key === 'postal_code' ? unknownPostcode : undefined) ?? errors[key] ?? serverFields[key],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const found = profileErrors(form, user);
    setErrors(found);
    if (Object.keys(found).length) return;
    const payload = profilePayload(form, user);
    try {
      const updated = await update(payload);
      setSaved({ confirmationSentTo: pendingEmailChange(payload, updated) });
      // The address shown is the one that counts until the new one is confirmed; sent again, it would ask again.
      setForm((f) => ({ ...f, email: updated.email, password: '', password_confirmation: '', current_password: '' }));
    } catch {
      // $updateError and $updateFieldErrors hold the messages.
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">{texts.profileTitle}</h2>
      <ErrorMessage message={serverError} />
      {saved ? (
        <p role="status" className={styles.success}>
          {texts.saved}
          {saved.confirmationSentTo ? ` ${texts.emailChangeSent(saved.confirmationSentTo)}` : null}
        </p>
      ) : null}
      <Field label={texts.firstName} autoComplete="given-name" {...field('first_name')} />
      <Field label={texts.lastName} autoComplete="family-name" {...field('last_name')} />
      <Field label={texts.email} type="email" autoComplete="email" {...field('email')} />
      <Field label={texts.phone} type="tel" autoComplete="tel" {...field('phone')} />
      <Field label={texts.birthDate} type="date" {...field('birth_date')} />
      <Field label={texts.address} autoComplete="street-address" {...field('address')} />
      <Field label={texts.postalCode} inputMode="numeric" autoComplete="postal-code" {...field('postal_code')} />
      <Field label={texts.city} autoComplete="address-level2" {...field('city')} />
      <Field label={texts.newPassword} type="password" autoComplete="new-password" {...field('password')} />
      <Field label={texts.passwordConfirmation} type="password" autoComplete="new-password" {...field('password_confirmation')} />
      {needsCurrentPassword(form, user) ? (
        <>
          <p>{texts.currentPasswordIntro}</p>
          <Field label={texts.currentPassword} type="password" autoComplete="current-password" {...field('current_password')} />
        </>
      ) : null}
      <button className={styles.button} type="submit" disabled={!hydrated || pending}>
        {texts.saveButton}
      </button>
    </form>
  );
}

function Preferences({ user }: { user: Customer }) {
  const update = useUnit(updateOwnAccountFx);
  const toggle = (key: FlagField) => (checked: boolean) => {
    const payload: CustomerUpdatePayload = { [key]: checked ? 1 : 0 };
    update(payload).catch(() => undefined);
  };
  const box = (key: FlagField, label: string) => <Check key={key} name={key} label={label} checked={user[key]} onChange={toggle(key)} />;
  return (
    <>
      <section className={styles.section} aria-labelledby="cookies-title">
        <h2 id="cookies-title">{texts.cookiesTitle}</h2>
        {box('cookie_default', texts.cookieDefault)}
        {box('cookie_ga', texts.cookieGa)}
        {box('cookie_google_tag_manager', texts.cookieGtm)}
        {box('cookie_meta_pixel', texts.cookieMeta)}
      </section>
      <section className={styles.section} aria-labelledby="marketing-title">
        <h2 id="marketing-title">{texts.marketingTitle}</h2>
        {box('marketing', texts.marketing)}
        {box('newsletter', texts.newsletter)}
        {box('event_invite', texts.eventInvite)}
        {box('birthday_gift', texts.birthdayGift)}
      </section>
      <Club user={user} box={box} />
    </>
  );
}

/** The member QR code: the server draws it (api/src/accounts/qr.ts), the page shows it as an image. */
function MemberCode() {
  const [code, load] = useUnit([$memberCode, loadMemberCodeFx]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);
  if (!code) return <p role="status">{texts.loading}</p>;
  return (
    <figure>
      <img className={styles.qr} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`} alt={`${texts.memberCode} ${code.code}`} />
      <figcaption>
        {texts.memberCode}: <strong>{code.code}</strong>. {texts.memberCodeNote}
      </figcaption>
    </figure>
  );
}

function DeleteAccount({ user, home }: { user: Customer; home: string }) {
  const [remove, pending, error] = useUnit([deleteFx, deleteFx.pending, $deleteError]);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="delete-title">
      <h2 id="delete-title">{texts.deleteTitle}</h2>
      <p>{texts.deleteIntro}</p>
      <ErrorMessage message={error} />
      {confirming ? (
        <div role="alertdialog" aria-labelledby="delete-confirm">
          <p id="delete-confirm">{texts.deleteConfirm}</p>
          <button
            className={styles.danger}
            type="button"
            disabled={pending}
            onClick={() =>
              remove(user.id)
                .then(() => navigate(home))
                .catch(() => undefined)
            }
          >
            {texts.deleteConfirmButton}
          </button>{' '}
          <button className={styles.secondary} type="button" onClick={() => setConfirming(false)}>
            {texts.cancel}
          </button>
        </div>
      ) : (
        <button className={styles.secondary} type="button" onClick={() => setConfirming(true)}>
          {texts.deleteButton}
        </button>
      )}
    </section>
  );
}

export interface AccountPageProps {
  paths?: Partial<AccountPaths>;
}

export default function AccountPage({ paths }: AccountPageProps) {
  const p = withPaths(paths);
  const [user, loaded, logout] = useUnit([$user, $userLoaded, logoutFx]);
  const navigate = useNavigate();
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{texts.accountTitle}</h1>
      {!loaded ? (
        <p role="status">{texts.loading}</p>
      ) : !user ? (
        <p>
          {texts.notLoggedIn} <Link to={p.login}>{texts.logInLink}</Link>
        </p>
      ) : (
        <>
          <p>{texts.loggedInAs(`${user.first_name} ${user.last_name}`.trim())}</p>
          {!user.email_verified ? (
            <div>
              <p>{texts.unverifiedBanner}</p>
              <ResendVerification />
            </div>
          ) : null}
          <nav>
            <Link to={p.history}>{texts.historyLink}</Link> · <Link to={p.favourites}>{texts.favouritesLink}</Link>
          </nav>
          <Profile key={user.id} user={user} />
          <Preferences user={user} />
          <DeleteAccount user={user} home={p.home} />
          <p className={styles.section}>
            <button className={styles.secondary} type="button" onClick={() => logout().finally(() => navigate(p.home)).catch(() => undefined)}>
              {texts.logoutButton}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
