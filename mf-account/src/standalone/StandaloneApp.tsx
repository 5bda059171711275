import { useEffect } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { userFetchRequested } from '@shop/contracts/bus';
import '../model.js';
import AccountPage from '../account/AccountPage.js';
import LoginPage from '../login/LoginPage.js';
import RegisterPage from '../register/RegisterPage.js';
import ForgotPasswordPage from '../password/ForgotPasswordPage.js';
import ResetPasswordPage from '../password/ResetPasswordPage.js';
import VerifyEmailPage from '../verify/VerifyEmailPage.js';
import HistoryPage from '../history/HistoryPage.js';
import FavouritesPage from '../favourites/FavouritesPage.js';
import { defaultAccountPaths as p } from '../paths.js';

/** The team's own dev page (npm run dev -w @shop/mf-account): the proposed URLs, user fetched as the shell does. */
export function StandaloneApp() {
  const fetchUser = useUnit(userFetchRequested);
  useEffect(() => fetchUser(), [fetchUser]);
  return (
    <BrowserRouter>
      <nav>
        <Link to={p.account}>Min side</Link> · <Link to={p.login}>Logg inn</Link> · <Link to={p.register}>Registrer</Link> ·{' '}
        <Link to={p.history}>Historikk</Link> · <Link to={p.favourites}>Favoritter</Link>
      </nav>
      <Routes>
        <Route path="/" element={<AccountPage />} />
        <Route path={p.account} element={<AccountPage />} />
        <Route path={p.login} element={<LoginPage />} />
        <Route path={p.register} element={<RegisterPage />} />
        <Route path={p.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={p.resetPassword} element={<ResetPasswordPage />} />
        <Route path={p.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={p.history} element={<HistoryPage />} />
        <Route path={p.favourites} element={<FavouritesPage />} />
      </Routes>
    </BrowserRouter>
  );
}
