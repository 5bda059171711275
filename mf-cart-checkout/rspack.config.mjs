import { createConfig, REMOTES } from '../rspack.base.mjs';

export default createConfig({
  packageDir: import.meta.dirname,
  name: 'mf_cart_checkout',
  port: REMOTES.mf_cart_checkout.port,
  startup: './src/startup.ts',
  exposes: {
    './model': './src/model.ts',
    './CartModal': './src/cart/CartModal.tsx',
    './CheckoutPage': './src/checkout/CheckoutPage.tsx',
    './PromoCodeModal': './src/promo/PromoCodeModal.tsx',
  },
});
