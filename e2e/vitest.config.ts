import { availableParallelism } from 'node:os';
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
    // One flow per core: each flow is a server, a browser page and the test, about one core's work. Four at
    // once on CI's two slow cores stretched single flows five to eight times (a 25 s flow took 160 s) and
    // failed their 15 s waits, for no shorter run: the flows are CPU-bound together (docs/testing.md).
    maxWorkers: Math.max(1, Math.min(4, availableParallelism())),
    isolate: false,
    // A whole browser flow on a loaded 2-core machine can miss one frame-timed check; it gets one more
    // try (as Playwright's CI default does). A real break fails both, and a retried test is reported.
    retry: 1,
    // Browser flows run after the unit and integration projects, not competing with them for the CPU.
    sequence: { groupOrder: 1 },
  },
});
