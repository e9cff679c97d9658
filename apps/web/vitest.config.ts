import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // The `@/` alias of vite.config.ts, repeated: Vite's coming native config loader refuses importing it here.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // jsdom screens render slowly when the whole suite shares two cores; a hang still fails.
    testTimeout: 20_000,
  },
});
