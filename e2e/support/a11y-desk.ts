import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { registerVerified } from './accounts';
import { WIDE } from './axe';
import { openPage, type TrackedPage } from './browser';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './desk';
import type { RunningServer } from './server';
import { startSimulatorDesk } from './shared-browser';

// The signed-in desk the accessibility files scan (accessibility-*.e2e.ts): a verified owner with a linked
// simulated phone, an agent, and two tickets — one the agent answered (in progress), one open. The screens
// are spread over several files so that they are scanned in parallel; each file has a desk of its own.

export const POLL = { timeout: 15_000 };
export const CUSTOMER = { author_phone: '919800000001', author_name: 'Meera Customer' };

export interface A11yDesk {
  server: RunningServer;
  browser: Browser;
  /** One tab for the signed-in desk, reused screen after screen. */
  member: TrackedPage;
  session: LinkedSession;
}

/** Starts the desk before the file's tests and stops it after them; the tab must have logged no error. */
export function useA11yDesk(): A11yDesk {
  const desk = {} as A11yDesk;
  beforeAll(async () => {
    Object.assign(desk, await startSimulatorDesk());
    const account = await registerVerified(desk.server);
    desk.session = await linkSimulatedSession(desk.server.baseURL, account.access_token);
    const group = desk.session.groups[0] as LinkedSession['groups'][number];
    await postJson(desk.server.baseURL, '/org/addAgent/', account.access_token, {
      agent_name: 'Ravi Agent',
      agent_number: '+919811122233',
    });
    await simulateIncoming(desk.server.baseURL, account.access_token, desk.session.sessionId, {
      group_id: group.group_id,
      body: 'My order #123 has not arrived yet, can you check?',
      ...CUSTOMER,
    });
    await simulateIncoming(desk.server.baseURL, account.access_token, desk.session.sessionId, {
      group_id: group.group_id,
      body: 'Checking it right now',
      author_phone: '919811122233',
      author_name: 'Ravi Agent',
    });
    desk.member = await openPage(desk.browser, desk.server.baseURL, WIDE);
    await signIn(desk.member.page, account);
  });
  afterAll(async () => {
    const errors = desk.member?.errors ?? [];
    await desk.browser?.close();
    await desk.server?.stop();
    expect(errors).toEqual([]);
  });
  return desk;
}
