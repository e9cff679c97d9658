import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One chromium per file; files run in parallel up to the pool size.
    fileParallelism: true,
    maxWorkers: 2,
    // A whole browser flow on a loaded 2-core machine can miss one frame-timed check; it gets one more
    // try (as Playwright's CI default does). A real break fails both, and a retried test is reported.
    retry: 1,
    // Browser flows run after the unit and integration projects, not competing with them for the CPU.
    sequence: { groupOrder: 1 },
  },
});
