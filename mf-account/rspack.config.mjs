import { createConfig, REMOTES } from '../rspack.base.mjs';

export default createConfig({
  packageDir: import.meta.dirname,
  name: 'mf_account',
  port: REMOTES.mf_account.port,
  exposes: {
    './model': './src/model.ts',
    './LoginPage': './src/login/LoginPage.tsx',
    './AccountPage': './src/account/AccountPage.tsx',
  },
});
