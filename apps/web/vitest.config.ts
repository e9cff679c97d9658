import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { alias } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // jsdom screens render slowly when the whole suite shares two cores; a hang still fails.
    testTimeout: 20_000,
  },
});
