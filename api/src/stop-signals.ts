/**
 * How the API process stops on SIGTERM/SIGINT. systemd and `kill -- -PGID` signal every process of the group at once
 * and npm forwards the signal to its child as well, so the API process usually gets the signal two or more times.
 * Only the first starts the shutdown; the others are logged and ignored: with `process.once`, the second one took the
 * default action and killed the process while PGlite was closing, leaving the data directory's lock file behind.
 */

export type StopSignal = 'SIGINT' | 'SIGTERM';
export const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/** The process as the shutdown uses it (a fake in the tests). */
export interface StoppableProcess {
  on(signal: StopSignal, listener: () => void): unknown;
  exit(code: number): void;
}

export interface StopOptions {
  /** Closes everything the process opened (HTTP server, database, lock); rejects when something failed to close. */
  close: () => Promise<void>;
  log: (message: string) => void;
  /**
   * Safety net for a close that hangs: exit 1 this long after the first signal. The lock file is still removed then
   * (the lock's own `exit` listener), so a hung close cannot block the next start.
   */
  forceExitAfterMs: number;
}

export interface StopHandle {
  /** True once a stop signal arrived: start-up steps check it and stop going further. */
  readonly stopping: boolean;
}

export function exitOnStopSignals(options: StopOptions, target: StoppableProcess = process): StopHandle {
  let stopping = false;
  const onSignal = (signal: StopSignal) => {
    if (stopping) {
      options.log(`${signal} again: already shutting down, ignored`);
      return;
    }
    stopping = true;
    options.log(`${signal}: shutting down`);
    const force = setTimeout(() => {
      options.log(`shutdown did not finish in ${options.forceExitAfterMs} ms: exiting anyway`);
      target.exit(1);
    }, options.forceExitAfterMs);
    force.unref();
    options.close().then(
      () => {
        clearTimeout(force);
        target.exit(0);
      },
      (error: unknown) => {
        clearTimeout(force);
        options.log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        target.exit(1);
      },
    );
  };
  // `on`, never `once`: a listener must stay for every later signal, or the default action kills the process.
  for (const signal of STOP_SIGNALS) target.on(signal, () => onSignal(signal));
  return {
    get stopping() {
      return stopping;
    },
  };
}
