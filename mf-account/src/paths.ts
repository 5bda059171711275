/**
 * The URLs of the account screens as this remote proposes them to the shell (README.md). Screens take a `paths`
 * prop so the shell can change any of them without a rebuild of this remote's logic.
 */
export const defaultAccountPaths = {
  account: '/konto',
  login: '/konto/logg-inn',
  register: '/konto/registrer',
  forgotPassword: '/konto/glemt-passord',
  resetPassword: '/konto/tilbakestill-passord',
  verifyEmail: '/konto/bekreft-epost',
  history: '/konto/historikk',
  favourites: '/favoritter',
  home: '/',
} as const;

export type AccountPaths = { [K in keyof typeof defaultAccountPaths]: string };

export const withPaths = (paths?: Partial<AccountPaths>): AccountPaths => ({ ...defaultAccountPaths, ...paths });
