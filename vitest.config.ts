import { defineConfig } from 'vitest/config';

// `npm test` runs every package's unit and API tests; the browser journeys (e2e/) run with `npm run test:e2e`.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores, i.e. ONE on CI's two-core machine; most of the time goes to
    // API files waiting on their databases, so three files side by side finish in about half the time.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
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
