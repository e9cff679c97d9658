import { defineConfig } from 'vitest/config';

// One runner for every suite; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/chat-export', 'apps/server', 'apps/web', 'apps/web/vitest.mocks.config.ts', 'e2e'],
    // Vitest's default is cores − 1, one worker on CI's two cores. The unit and integration projects share
    // two workers; the e2e project runs after them (its `sequence.groupOrder`), so browser flows never
    // compete with them for the CPU (docs/testing.md).
    maxWorkers: 2,
  },
});
