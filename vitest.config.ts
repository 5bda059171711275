import { defineConfig } from 'vitest/config';

// `npm test` runs every package's unit and API tests; the browser journeys (e2e/) run with `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: [
      'shared-contracts/vitest.config.ts',
      'shell/vitest.config.ts',
      'mf-catalog/vitest.config.ts',
      'mf-cart-checkout/vitest.config.ts',
      'mf-account/vitest.config.ts',
      'mf-content/vitest.config.ts',
      'api/vitest.config.ts',
      // The journeys' own support code (mail relay parser); the journeys themselves run with npm run test:e2e.
      'e2e/vitest.unit.config.ts',
    ],
  },
});
