export type AlertType = 'error' | 'warning' | 'info' | 'success';

/** What a remote raises; the shell fills in uid and the default title for the type. */
export interface AlertInput {
  type: AlertType;
  title?: string;
  message: string;
  /** Auto-dismiss after this many ms (e.g. the verification alert's 3000 ms). */
  timeout?: number;
}

export interface Alert extends AlertInput {
  uid: string;
  title: string;
}
