import { BrowserRouter } from 'react-router-dom';
import { AlertBar } from './alerts/AlertBar.js';
import { CartModalHost } from './cart-modal/CartModalHost.js';
import { Footer } from './chrome/Footer.js';
import { Header } from './chrome/Header.js';
import { MAIN_ID, SkipLink } from './chrome/SkipLink.js';
import { AppRoutes } from './routing/AppRoutes.js';
import styles from './chrome/Chrome.module.css';

export function Layout() {
  return (
    <>
      <SkipLink />
      <Header />
      <AlertBar />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <AppRoutes />
      </main>
      <Footer />
      <CartModalHost />
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
