import { defineConfig } from 'vitest/config';

// Unit tests of the journeys' own support code (no build, no browser): `npx vitest run --config e2e/vitest.unit.config.ts`.
export default defineConfig({
  test: {
    name: 'e2e-support',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
