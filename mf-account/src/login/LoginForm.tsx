/** Exposed as ./LoginForm (default export) for the cart: pass fromCart so the cart opens after the reload. */
export { LoginForm as default } from './LoginPage.js';
