import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-content',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Lets @testing-library/react register its automatic cleanup after each test.
    globals: true,
    // The workspace's editors render whole forms (the rich-text editor, the home layout's nine grid cells): on a loaded
    // two-core CI machine one such test took 5.6 s, over vitest's 5 s default.
    testTimeout: 20_000,
  },
});
