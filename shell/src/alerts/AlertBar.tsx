import { useUnit } from 'effector-react';
import { $alerts, alertDismissed } from '@shop/contracts/bus';
import { texts } from '../texts.js';
import { firstAlert } from './alerts.js';
import styles from './AlertBar.module.css';

/** Shows the first queued alert; removing it brings up the next. */
export function AlertBar() {
  const [alerts, dismiss] = useUnit([$alerts, alertDismissed]);
  const alert = firstAlert(alerts);
  if (!alert) return null;
  const waiting = alerts.length - 1;
  return (
    <div
      className={`${styles.bar} ${styles[alert.type] ?? ''}`}
      role={alert.type === 'error' || alert.type === 'warning' ? 'alert' : 'status'}
      data-testid="alert"
    >
      <div>
        <p className={styles.title}>{alert.title}</p>
        <p className={styles.message}>{alert.message}</p>
        {waiting > 0 && <p className={styles.more}>{texts.moreAlerts(waiting)}</p>}
      </div>
      <button type="button" className={styles.dismiss} onClick={() => dismiss(alert.uid)}>
        {texts.dismissAlert}
      </button>
    </div>
  );
}
