import { createConfig, REMOTES } from '../rspack.base.mjs';

/** Name and exposed modules: the same for the browser build and the server build (rspack.server.mjs). */
export const federation = {
  name: 'mf_cart_checkout',
  startup: './src/startup.ts',
  exposes: {
    './model': './src/model.ts',
    './CartModal': './src/cart/CartModal.tsx',
    './CheckoutPage': './src/checkout/CheckoutPage.tsx',
    './PromoCodeModal': './src/promo/PromoCodeModal.tsx',
  },
};

export default createConfig({
  packageDir: import.meta.dirname,
  name: federation.name,
  port: REMOTES.mf_cart_checkout.port,
  startup: federation.startup,
  exposes: federation.exposes,
});
