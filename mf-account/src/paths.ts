import { ROUTE_PATTERNS } from '@shop/contracts/routes';

/**
 * The URLs of the account screens: the shell's route table (@shop/contracts/routes). Screens take a `paths` prop so
 * a host can still move any of them without a rebuild of this remote's logic.
 */
export const defaultAccountPaths = {
  account: ROUTE_PATTERNS.account,
  login: ROUTE_PATTERNS.login,
  register: ROUTE_PATTERNS.register,
  forgotPassword: ROUTE_PATTERNS.forgotPassword,
  resetPassword: ROUTE_PATTERNS.resetPassword,
  verifyEmail: ROUTE_PATTERNS.verifyEmail,
  history: ROUTE_PATTERNS.history,
  favourites: ROUTE_PATTERNS.favourites,
  staff: ROUTE_PATTERNS.staff,
  home: ROUTE_PATTERNS.home,
} as const;

export type AccountPaths = { [K in keyof typeof defaultAccountPaths]: string };

export const withPaths = (paths?: Partial<AccountPaths>): AccountPaths => ({ ...defaultAccountPaths, ...paths });
