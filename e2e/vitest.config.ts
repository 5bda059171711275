import { defineConfig } from 'vitest/config';

// Browser journeys against the real build served by the real server (Debian chromium via playwright-core).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    // Each journey file starts its own server on a copy of the template database and its own browser, so files run
    // side by side (CI's budget is 30 minutes for everything). E2E_WORKERS=1 runs them one at a time.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    // A journey that takes 40–50 s with the machine to itself took past 60 s in a full run (three journey files, their
    // shops and browsers on two cores): the limit is there to catch a hang, so it allows for that load.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page reaches the state a journey waits for at the browser's pace, which a busy CI machine slows (and files
    // running side by side share its two cores): 10 s, not expect.poll's 1 s (under load journeys failed on that
    // second, then passed). Only a failing wait lasts that long.
    expect: { poll: { timeout: 10_000 } },
  },
});
