import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // A hang still fails within two minutes; a whole flow on a loaded 2-core CI machine has needed more than
    // one (a flow that takes 10 s alone took 60+ s there, and its retry was spent waiting too).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Files run in parallel up to the pool size, in one chromium (global-setup.ts). A worker keeps its
    // modules between files (playwright-core and the support code load once per worker, not per file);
    // each file still starts its own server and opens its pages in contexts of their own.
    fileParallelism: true,
    maxWorkers: 4,
    isolate: false,
    // A whole browser flow on a loaded 2-core machine can miss one frame-timed check; it gets one more
    // try (as Playwright's CI default does). A real break fails both, and a retried test is reported.
    retry: 1,
    // Browser flows run after the unit and integration projects, not competing with them for the CPU.
    sequence: { groupOrder: 1 },
  },
});
