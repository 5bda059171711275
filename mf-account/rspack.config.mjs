import { createConfig, REMOTES } from '../rspack.base.mjs';

/** Name and exposed modules: the same for the browser build and the server build (rspack.server.mjs). */
export const federation = {
  name: 'mf_account',
  startup: './src/startup.ts',
  exposes: {
    './model': './src/model.ts',
    './LoginPage': './src/login/LoginPage.tsx',
    './LoginForm': './src/login/LoginForm.tsx',
    './RegisterPage': './src/register/RegisterPage.tsx',
    './ForgotPasswordPage': './src/password/ForgotPasswordPage.tsx',
    './ResetPasswordPage': './src/password/ResetPasswordPage.tsx',
    './VerifyEmailPage': './src/verify/VerifyEmailPage.tsx',
    './AccountPage': './src/account/AccountPage.tsx',
    './HistoryPage': './src/history/HistoryPage.tsx',
    './FavouritesPage': './src/favourites/FavouritesPage.tsx',
    './FavouriteToggle': './src/favourites/FavouriteToggle.tsx',
    './StaffPage': './src/staff/StaffPage.tsx',
  },
};

// Props of every exposed module: README.md.
export default createConfig({
  packageDir: import.meta.dirname,
  name: federation.name,
  port: REMOTES.mf_account.port,
  startup: federation.startup,
  exposes: federation.exposes,
});
