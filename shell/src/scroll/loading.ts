import { inFlightCount } from '@shop/contracts/api';

/** Remote pieces (pages, widgets) still loading: RemoteBoundary's loading view counts itself in and out. */
let pendingPieces = 0;

export function pieceLoading(): () => void {
  pendingPieces += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pendingPieces -= 1;
  };
}

/** The shell's loading flag (SPEC §2 scroll restore): API requests in flight or remote pieces still loading. */
export function isLoading(): boolean {
  return pendingPieces > 0 || inFlightCount() > 0;
}
