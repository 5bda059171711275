/** Exposed as ./StaffPage: the shop workspace (/butikk and /butikk/:reservationId). Props: StaffPageProps. */
import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { LoginForm } from '../login/LoginPage.js';
import type { AccountPaths } from '../paths.js';
import uiStyles from '../ui/ui.module.css';
import { $access, $me, staffOpened } from './model.js';
import { QueueView } from './QueueView.js';
import { DetailView } from './DetailView.js';
import { FollowUpView } from './FollowUpView.js';
import { staffTexts as t } from './texts.js';
import styles from './staff.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('staff');

export interface StaffPageProps {
  /** `/butikk/:reservationId`: the id, or null for a segment that is not a number (shown as not found). Absent on `/butikk`. */
  reservationId?: number | null;
  paths?: Partial<AccountPaths>;
}

export default function StaffPage({ reservationId, paths }: StaffPageProps) {
  const [access, me, opened] = useUnit([$access, $me, staffOpened]);
  useEffect(() => {
    opened();
  }, [opened]);
  return (
    <section className={styles.page} aria-labelledby="staff-title">
      <div className={styles.bar}>
        <h1 id="staff-title">{t.title}</h1>
        {me && access === 'staff' ? <p>{t.signedInAs(me.name, t.roles[me.role] ?? me.role)}</p> : null}
      </div>
      {access === 'checking' ? (
        <p role="status">{t.loading}</p>
      ) : access === 'login' ? (
        <section aria-labelledby="staff-login" className={uiStyles.page}>
          <h2 id="staff-login">{t.loginTitle}</h2>
          <p>{t.loginIntro}</p>
          <LoginForm paths={paths} />
        </section>
      ) : access === 'forbidden' ? (
        <p role="alert" className={uiStyles.error}>
          {t.noAccess}
        </p>
      ) : access === 'failed' || !me ? (
        <div>
          <p role="alert" className={uiStyles.error}>
            {t.loadFailed}
          </p>
          <button type="button" className={uiStyles.secondary} onClick={() => opened()}>
            {t.retry}
          </button>
        </div>
      ) : reservationId !== undefined ? (
        <DetailView id={reservationId} me={me} />
      ) : (
        <>
          <FollowUpView me={me} />
          <QueueView me={me} />
        </>
      )}
    </section>
  );
}
