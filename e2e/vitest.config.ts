import { defineConfig } from 'vitest/config';

// Browser journeys against the real build served by the real server (Debian chromium via playwright-core).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
