import { createEffect, createEvent, createStore, sample } from 'effector';
import { $alerts, alertDismissed, alertRaised } from '@shop/contracts/bus';
import type { Alert } from '@shop/contracts/types';
import { alertTitles } from '@shop/contracts/texts';
import { addAlert, createAlert, removeAlert } from './alerts.js';

/** The shell implements the bus's alert units: any remote raises, the shell queues, shows the first, removes. */
const alertAdded = createEvent<Alert>({ name: 'shell:alert-added' });
const $nextAlertNumber = createStore(1, { name: 'shell:next-alert-number' });

sample({
  clock: alertRaised,
  source: $nextAlertNumber,
  fn: (number, input) => createAlert(input, `alert-${number}`, alertTitles),
  target: alertAdded,
});
$nextAlertNumber.on(alertAdded, (number) => number + 1);

$alerts.on(alertAdded, addAlert).on(alertDismissed, removeAlert);

/** Alerts raised with a timeout (e.g. the 3000 ms verification notice) remove themselves. */
const dismissLaterFx = createEffect(
  ({ uid, timeout }: { uid: string; timeout: number }) =>
    new Promise<string>((resolve) => setTimeout(() => resolve(uid), timeout)),
);
sample({
  clock: alertAdded,
  filter: (alert) => typeof alert.timeout === 'number' && alert.timeout > 0,
  fn: (alert) => ({ uid: alert.uid, timeout: alert.timeout ?? 0 }),
  target: dismissLaterFx,
});
sample({ clock: dismissLaterFx.doneData, target: alertDismissed });
