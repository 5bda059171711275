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
    // A page reaches the state a journey waits for at the browser's pace, which a busy CI machine slows: Playwright's
    // own default wait of 5 s, not expect.poll's 1 s (under load two journeys failed on that second, then passed).
    expect: { poll: { timeout: 5_000 } },
  },
});
