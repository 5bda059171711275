import { useUnit } from 'effector-react';
import type { PieceRole } from '@shop/contracts/types';
import { $composition, declarationsRetried } from './compositionModel.js';
import { RemoteBoundary, RemoteFallback } from './RemoteBoundary.js';

/**
 * A screen or slot that no remote in the registry declares (its remote is down, or was when its declaration was
 * read): the remote fallback, as for a remote whose code does not load, with "Prøv igjen" asking the undeclared
 * remotes for their declarations again. The same on the server and in the browser's first render (same declarations).
 */
export function Unavailable({ fallback = 'retry' }: { fallback?: 'retry' | 'none' }) {
  const retry = useUnit(declarationsRetried);
  // Nothing suspends here: hydration needs no mark of it (start/firstCommit.tsx).
  return fallback === 'none' ? null : <RemoteFallback onRetry={() => retry()} />;
}

interface PieceProps<P> {
  role: PieceRole;
  props?: P;
  fallback?: 'retry' | 'none';
  onShown?: () => void;
}

/** Mounts the piece the registry's remotes declare for a slot of the chrome (PIECE_ROLES), whichever remote it is. */
export function DeclaredPiece<P extends object = Record<string, never>>({ role, props, fallback = 'retry', onShown }: PieceProps<P>) {
  const piece = useUnit($composition).pieces[role];
  if (!piece) return <Unavailable fallback={fallback} />;
  return <RemoteBoundary<P> remote={piece.remote} module={piece.module} props={props} fallback={fallback} onShown={onShown} />;
}
