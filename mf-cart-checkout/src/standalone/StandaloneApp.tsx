import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import '../model.js';
import CartModal from '../cart/CartModal.js';
import CheckoutPage from '../checkout/CheckoutPage.js';
import PromoCodeModal from '../promo/PromoCodeModal.js';

/**
 * The team's own dev page (npm run dev -w @shop/mf-cart-checkout). The cart lives in this origin's localStorage, so
 * it starts empty here; run the shell's dev server to add lines from the catalogue and see them in the shop.
 */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <nav>
        <Link to="/">Handlekurv-widget</Link> · <Link to="/checkout">Kassen</Link> · <Link to="/rabattkode">Rabattkode</Link>
      </nav>
      <Routes>
        <Route path="/" element={<CartModal />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/rabattkode" element={<PromoCodeModal />} />
      </Routes>
    </BrowserRouter>
  );
}
