import { defineConfig } from 'vitest/config';

// One runner for every suite; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/chat-export', 'apps/server', 'apps/web', 'e2e'],
  },
});
