import { BrowserRouter, Route, Routes } from 'react-router-dom';
import '../model.js';
import HomePage from '../home/HomePage.js';
import StaticPage from '../static/StaticPage.js';

/** The team's own dev page (npm run dev -w @shop/mf-content): the pages without the shell around them. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/:page" element={<StaticPage />} />
      </Routes>
    </BrowserRouter>
  );
}
