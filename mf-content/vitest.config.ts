import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-content',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Lets @testing-library/react register its automatic cleanup after each test.
    globals: true,
  },
});
