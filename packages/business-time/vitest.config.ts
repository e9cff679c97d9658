import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'business-time',
    include: ['src/**/*.test.ts'],
    // Calendars name their own zone: run under one with a 30-minute daylight-saving shift to prove the
    // process's zone never leaks in.
    env: { TZ: 'Australia/Lord_Howe' },
  },
});
