import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Test files that replace a module with `vi.mock` or `vi.doMock`. A worker keeps its modules between files (`isolate:
 * false`: jsdom and React load once per worker, not once per file — a third of the project's time), so a
 * mocked module would leak into the files after it; these run in a project of their own, isolated
 * (vitest.mocks.config.ts). Found by reading the files, so a new one needs no list kept by hand.
 */
export const mockingFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter(
    (file) =>
      /\.test\.tsx?$/.test(file) &&
      readFileSync(join(src, file), 'utf8').match(/\bvi\.(do)?[mM]ock\(/) !== null,
  )
  .map((file) => `src/${file}`);

/** The web project; vitest.mocks.config.ts runs the mocking files with the same settings, isolated. */
export function webProject(test: { name: string; include: string[]; exclude: string[]; isolate: boolean }) {
  return defineProject({
    plugins: [react()],
    // The `@/` alias of vite.config.ts, repeated: Vite's coming native config loader refuses importing it here.
    resolve: { alias: { '@': src } },
    test: {
      ...test,
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      // jsdom screens render slowly when the whole suite shares two cores; a hang still fails.
      testTimeout: 20_000,
    },
  });
}

export default webProject({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: mockingFiles,
  isolate: false,
});
