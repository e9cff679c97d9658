import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setDisplayTimeZone } from '@/shared/format/time-zone';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Module state the signed-in user sets: files share a worker's modules (vitest.config.ts).
  setDisplayTimeZone(null);
});
