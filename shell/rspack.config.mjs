import { createConfig, devRemotesJson, SHELL_PORT } from '../rspack.base.mjs';

export default createConfig({
  packageDir: import.meta.dirname,
  name: 'shell',
  port: SHELL_PORT,
  // In production the API serves /remotes.json; in development every remote runs on its own dev server.
  devJson: { '/remotes.json': devRemotesJson },
});
