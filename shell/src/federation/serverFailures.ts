import { createEvent, createStore } from 'effector';
import { filledByServer } from '@shop/contracts/ssr';

/**
 * The remote pieces the server could not render (their server build down or throwing): the server renders their
 * boundary's fallback, and the browser hydrates that same fallback, then loads the piece itself (RemoteBoundary).
 * Error boundaries do not run in server rendering, so without this the server would send the loading state.
 */
export const serverPieceFailed = createEvent<string>({ name: 'shell:server-piece-failed' });
export const $serverFailedPieces = filledByServer(
  createStore<string[]>([], { sid: 'shell/server-failed-pieces', name: 'shell:server-failed-pieces' }),
).on(serverPieceFailed, (pieces, piece) => (pieces.includes(piece) ? pieces : [...pieces, piece]));

export const pieceKey = (remote: string, module: string) => `${remote}/${module}`;
