import { BrowserRouter, useLocation } from 'react-router-dom';
import { AlertBar } from './alerts/AlertBar.js';
import { Footer } from './chrome/Footer.js';
import { Header } from './chrome/Header.js';
import { MAIN_ID, SkipLink } from './chrome/SkipLink.js';
import { CookieConsent } from './consent/CookieConsent.js';
import { ModalHost } from './modals/ModalHost.js';
import { AppRoutes } from './routing/AppRoutes.js';
import { NavigationEffects } from './routing/NavigationEffects.js';
import { FirstCommit } from './start/firstCommit.js';
import styles from './chrome/Chrome.module.css';

/** The main view is keyed on the path: a new screen starts fresh; a query change (filters) keeps it. */
function MainView() {
  const { pathname } = useLocation();
  return <AppRoutes key={pathname} />;
}

/** Only the parts that follow the location re-render on navigation, not the whole layout. */
export function Layout() {
  return (
    <>
      <NavigationEffects />
      <SkipLink />
      <CookieConsent />
      <Header />
      <AlertBar />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <MainView />
      </main>
      <Footer />
      <ModalHost />
      <FirstCommit />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Layout />
    </BrowserRouter>
  );
}
