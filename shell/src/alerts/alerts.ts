import type { Alert, AlertInput, AlertType } from '@shop/contracts/types';

/** Fills in what a raiser may leave out: the uid and the default title of the alert's type. */
export function createAlert(input: AlertInput, uid: string, defaultTitles: Readonly<Record<AlertType, string>>): Alert {
  return { ...input, uid, title: input.title?.trim() ? input.title : defaultTitles[input.type] };
}

/** Alerts queue in the order they were raised; the first one is the one shown. */
export function addAlert(alerts: readonly Alert[], alert: Alert): Alert[] {
  return [...alerts, alert];
}

export function removeAlert(alerts: readonly Alert[], uid: string): Alert[] {
  return alerts.filter((alert) => alert.uid !== uid);
}

export function firstAlert(alerts: readonly Alert[]): Alert | null {
  return alerts[0] ?? null;
}
