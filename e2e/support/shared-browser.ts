import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

/**
 * A connection to the run's one chromium (started by global-setup.ts). `close()` only disconnects this
 * file: the browser lives until the run ends, and each page still gets a context of its own.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}
