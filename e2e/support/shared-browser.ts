import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { type RunningServer, startServer } from './server';

/**
 * A connection to the run's one chromium (started by global-setup.ts). `close()` only disconnects this
 * file: the browser lives until the run ends, and each page still gets a context of its own.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/**
 * The simulator-driven server (with `env` besides, e.g. SIMULATOR_BIG_GROUP) and a browser, started
 * together. When one fails to start the other is stopped before the error is thrown, so neither outlives
 * the suite.
 */
export async function startSimulatorDesk(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.allSettled([
    startServer({
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      WHATSAPP_DRIVER: 'simulator',
      ...env,
    }),
    connectBrowser(),
  ]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled')
    return { server: server.value, browser: browser.value };
  if (server.status === 'fulfilled') await server.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}
