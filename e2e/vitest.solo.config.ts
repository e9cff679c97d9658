import { defineProject } from 'vitest/config';

// Browser flows that measure where a row is, frame after frame (solo/*.e2e.ts), run after every other flow
// and one at a time: among four flows on CI's two busy cores, frames came seconds apart and a check could
// read a list still settling. The set-up, time limits and retry are the e2e project's (vitest.config.ts).
export default defineProject({
  test: {
    name: 'e2e-solo',
    include: ['solo/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    retry: 1,
    sequence: { groupOrder: 2 },
  },
});
