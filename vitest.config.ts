import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps servers, Prism and PostgreSQL from starving each other.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
