import { useEffect } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { userFetchRequested } from '@shop/contracts/bus';
import '../model.js';
import AccountPage from '../account/AccountPage.js';
import LoginPage from '../login/LoginPage.js';

/** The team's own dev page (npm run dev -w @shop/mf-account): fetches the user the way the shell does. */
export function StandaloneApp() {
  const fetchUser = useUnit(userFetchRequested);
  useEffect(() => fetchUser(), [fetchUser]);
  return (
    <BrowserRouter>
      <nav>
        <Link to="/">Min side</Link> · <Link to="/logg-inn">Logg inn</Link>
      </nav>
      <Routes>
        <Route path="/" element={<AccountPage />} />
        <Route path="/logg-inn" element={<LoginPage />} />
      </Routes>
    </BrowserRouter>
  );
}
