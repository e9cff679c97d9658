import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'chat-export',
    include: ['src/**/*.test.ts'],
    // Exports carry no time zone; run under one with a daylight-saving gap to prove we never depend on it.
    env: { TZ: 'Europe/Berlin' },
  },
});
