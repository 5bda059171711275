/**
 * What the shell needs to know to start this remote (RemoteStartup; the build writes it as startup.json next to
 * mf-manifest.json). Stand-alone on purpose: the build evaluates this file by itself, so it imports types only.
 */
import type { RemoteStartup } from '@shop/contracts/types';

/** The shared-state key (SPEC §3) the favourites are persisted under (favourites/model.ts). */
export const FAVOURITES_STORAGE_KEY = 'favourites';

export const startup = {
  // The user (header, navigation guard's user fetch) and the favourites are needed before any account piece.
  model: 'start-up',
  // A logged-in customer is in the server's page hint; what the browser keeps for a visitor is the favourites.
  stateKeys: [FAVOURITES_STORAGE_KEY],
  // The account pages and the login form read the user.
  piecesNeedStartupModels: true,
  answers: ['favouriteToggled'],
  screens: {
    account: 'AccountPage',
    login: 'LoginPage',
    register: 'RegisterPage',
    forgotPassword: 'ForgotPasswordPage',
    resetPassword: 'ResetPasswordPage',
    verifyEmail: 'VerifyEmailPage',
    history: 'HistoryPage',
    favourites: 'FavouritesPage',
    // The shop workspace: staff log in through the ordinary login, so it lives with the session here.
    staff: 'StaffPage',
    staffReservation: 'StaffPage',
  },
  // The login form the cart modal offers (composed by the shell, so the cart does not import this remote).
  pieces: { 'cart-login': 'LoginForm' },
} as const satisfies RemoteStartup;
