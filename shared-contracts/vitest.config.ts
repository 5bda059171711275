import { defineConfig } from 'vitest/config';

// Pure modules run in node; the few tests that need a DOM opt in with `// @vitest-environment happy-dom`.
export default defineConfig({
  test: {
    name: 'shared-contracts',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
