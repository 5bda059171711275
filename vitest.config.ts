import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run for minutes, mostly waiting on processes and timers: the seeded payment fault runs, the 1 000-case
 * fuzzing of every route, the crash and clean-stop tests of the embedded database. With no durations from an earlier
 * run (a clean clone, CI) vitest starts the largest files first, which puts these small files last: a CI run spent its
 * last 15 minutes on them with the other workers idle (the longest, 750 s, started 1 477 s into a 2 270 s run).
 */
const LONG_RUNNING = [/\/api\/test\/payments\/faults\//, /\/api\/test\/security\/fuzz-/, /\/api\/test\/faults\//, /\/api\/test\/db\/embedded\.test\.ts$/];

/** Vitest's own order (failed first, then longest by the last run, else largest), with the long-running files first. */
class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_RUNNING.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

// `npm test` runs every package's unit and API tests; the browser journeys (e2e/) run with `npm run test:e2e`.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores, i.e. ONE on CI's two-core machine; most of the time goes to
    // API files waiting on their databases, so three files side by side finish in about half the time.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    sequence: { sequencer: LongRunningFirst },
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
