import { requestsInFlight } from '@shop/contracts/api';

/**
 * Remote pieces (pages, widgets) still loading: RemoteBoundary's loading view counts itself in and out, and so does
 * the shell's loader of the pieces one remote mounts from another (the home page's catalogue widgets).
 */
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

/**
 * The shell's loading flag (SPEC §2 scroll restore, hash scroll): API requests in flight — every one, a page's own
 * loads with an abort signal included — or remote pieces still loading.
 */
export function isLoading(): boolean {
  return pendingPieces > 0 || requestsInFlight() > 0;
}
