import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-catalog',
    root: import.meta.dirname,
    // Most files are rules and models: plain Node. A file that renders into a DOM says so on its first line with
    // `// @vitest-environment happy-dom` (a DOM per file cost ~2.5 of the front ends' ~3.5 minutes of test time).
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // Lets @testing-library/react register its automatic cleanup after each test.
    globals: true,
  },
});
