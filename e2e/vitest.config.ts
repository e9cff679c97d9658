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
    // Browser flows run after the unit and integration projects, not competing with them for the CPU.
    sequence: { groupOrder: 1 },
  },
});
