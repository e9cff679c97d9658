import { defineProject } from 'vitest/config';
import e2e from './vitest.config';

// Browser flows that measure where a row is, frame after frame (solo/*.e2e.ts), run after every other flow
// and one at a time: among four flows on CI's two busy cores, frames came seconds apart and a check could
// read a list still settling. Everything else — set-up, time limits, retry — is the e2e project's.
export default defineProject({
  test: {
    ...e2e.test,
    name: 'e2e-solo',
    include: ['solo/**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    maxWorkers: 1,
    sequence: { groupOrder: 2 },
  },
});
