import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // A worker keeps its modules between files, so each worker boots its test databases once instead of
    // once per file (test/helpers/test-databases.ts; docs/testing.md says what a test may not leave behind).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
