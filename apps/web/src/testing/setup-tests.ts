import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setDisplayTimeZone } from '@/shared/format/time-zone';

// findBy*/waitFor give up after 1 s by default: under CI's full load (four projects on two cores) a
// render and a mocked request took longer, and a correct test failed. A passing check returns as soon
// as it holds, so the longer limit costs nothing there.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no Element.scrollBy; react-virtuoso (the group message list) calls it when it keeps the place.
if (!Element.prototype.scrollBy) Element.prototype.scrollBy = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The composer's drafts (features/groups/utils/composer-drafts.ts) live in session storage.
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Module state the signed-in user sets: files share a worker's modules (vitest.config.ts).
  setDisplayTimeZone(null);
});
