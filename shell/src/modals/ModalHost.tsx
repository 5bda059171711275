import { Suspense, lazy } from 'react';
import { useUnit } from 'effector-react';
import { $modalsNeeded } from './model.js';

const Modals = lazy(() => import('./Modals.js'));

/** Keeps the modals (and their focus trap) out of the first page's JavaScript until one is opened. */
export function ModalHost() {
  const needed = useUnit($modalsNeeded);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Modals />
    </Suspense>
  );
}
