import { useCallback, useEffect, useState } from 'react';
import { fieldErrors, firstFieldError, serverMessage } from '@shop/contracts/api';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * Loads what `load` fetches when the inputs change, and again on `reload()` (after a write). Unlike the shopper
 * pages' shared/useLoad, what is shown stays on screen until the new answer comes: a list that went back to
 * "Laster …" after each save would unmount its rows and lose the keyboard focus. An answer that comes after the
 * inputs changed again is dropped, so a slow page of the log never replaces a newer one.
 */
export function useReloadable<T>(load: () => Promise<T>, inputs: readonly unknown[]): { state: Loaded<T>; reload: () => Promise<void> } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const run = useCallback(load, inputs);
  useEffect(() => {
    let current = true;
    run().then(
      (data) => current && setState({ status: 'ready', data }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [run, round]);
  const reload = useCallback(async () => {
    // Keeps what is shown while the new answer comes (no flash of "Laster …" after each save).
    try {
      const data = await run();
      setState({ status: 'ready', data });
    } catch {
      setRound((n) => n + 1);
    }
  }, [run]);
  return { state, reload };
}

/**
 * A refused write in the API's Norwegian words: by field where the answer names fields the screen shows (the
 * message goes there), else one message for the whole request (or a general one when the API gave none).
 */
export function refusalOf(error: unknown, shownFields: readonly string[], fallback: string): { fields: Record<string, string>; message: string | null } {
  const fields = Object.fromEntries(Object.entries(fieldErrors(error)).filter(([field]) => shownFields.includes(field)));
  if (Object.keys(fields).length > 0) return { fields, message: null };
  return { fields: {}, message: firstFieldError(error) ?? serverMessage(error) ?? fallback };
}
