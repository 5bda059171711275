/**
 * What a remote tells the shell about its start-up (issue 22: remotes declare, the shell composes). Each remote
 * writes one in src/startup.ts; its build emits it as `startup.json` next to its mf-manifest.json, where the shell
 * reads it for every remote in the registry and applies one policy to all (shell/src/federation/startupPolicy.ts).
 * The shell knows no remote by name beyond the registry and none of their storage keys: they are here.
 */
import type { EarlyRequest } from '../bus/index.js';
import type { RouteName } from '../routes/index.js';

/**
 * When the shell imports the remote's `./model`:
 * - `start-up`: the remote keeps state the chrome shows (a count badge, the user). With the first view when the
 *   visitor has state (a customer in the session, a non-empty value under any start-up remote's `stateKeys`, the
 *   open-cart flag); on a first visit at the first interaction, or with the first piece that needs the start-up
 *   models. The start-up models load together and, once all are in, the shell announces `modelsReady`.
 * - `first-interaction`: nothing to show before it is used (a singleton probe): at the visit's first interaction,
 *   or with the remote's first piece; nothing waits for it.
 * - `first-piece`: with the first piece the shell mounts from the remote, and never before.
 */
export type ModelStart = 'start-up' | 'first-interaction' | 'first-piece';

export interface RemoteStartup {
  model: ModelStart;
  /**
   * localStorage keys the remote's model persists whose non-empty value (not missing, null, 0, '', [] or {})
   * means "this visitor has state: load me with the first view".
   */
  stateKeys?: readonly string[];
  /** The remote's pieces read the start-up models (the cart, the user): showing one loads them first. */
  piecesNeedStartupModels?: boolean;
  /** Bus requests the model answers: fired before it is in, the shell keeps them and replays them to it. */
  answers?: readonly EarlyRequest[];
  /**
   * The screens this remote renders: route name of @shop/contracts/routes → exposed module (without "./"). The URL
   * patterns, themes, redirects, the product guard and each page's props stay the shell's (SPEC §2); a route no
   * remote in the registry declares is shown as "unavailable" (the remote fallback), never as "not found".
   */
  screens?: Readonly<Partial<Record<RouteName, string>>>;
  /** The pieces the shell mounts in its own slots (PIECE_ROLES): role → exposed module (without "./"). */
  pieces?: Readonly<Partial<Record<PieceRole, string>>>;
}

/**
 * The slots of the shell's chrome a remote may fill, by role (the shell composes them; their props are the shell's):
 * - `header-search`: the header's search box (the shell's plain field stands in until it loads);
 * - `cart-modal`: the cart modal's content; `cart-login`: the login form the cart modal offers;
 * - `promo-code-modal`: the promo code modal's content; `privacy-modal`: the privacy text in the cookie notice's modal.
 */
export const PIECE_ROLES = ['header-search', 'cart-modal', 'cart-login', 'promo-code-modal', 'privacy-modal'] as const;
export type PieceRole = (typeof PIECE_ROLES)[number];
