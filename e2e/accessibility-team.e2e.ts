import { test } from 'vitest';
import { POLL, useA11yDesk } from './support/a11y-desk';
import { registerViaApi } from './support/accounts';
import { go, scanBothWidths, WIDE } from './support/axe';
import { openPage } from './support/browser';
import { signIn } from './support/desk';

// axe-core (WCAG 2.0/2.1 A and AA; serious and critical: zero) on the signed-in screens at 1366 px and
// 375 px, with real content (docs/web-structure.md): the team's screens (agents, members, profile, an
// unverified owner, the audit log and notifications). The other signed-in screens are in the other
// accessibility-*.e2e.ts files, which run in parallel; the signed-out ones are in accessibility-public.e2e.ts.

const desk = useA11yDesk();

test('agents with the Add Agent dialog', async () => {
  const { page } = desk.member;
  const agent = page.locator('[data-agent-id]', { hasText: 'Ravi Agent' }).filter({ visible: true });
  await go(page, '/agents', () => agent.waitFor(POLL));
  await scanBothWidths(page, 'agents', () => agent.waitFor(POLL));
  const dialog = page.getByRole('dialog', { name: 'Add Agent' });
  await scanBothWidths(page, 'Add Agent dialog', async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Add Agent' }).click();
    await dialog.getByTestId('phone-calling-code').waitFor();
  });
  await page.keyboard.press('Escape');
});

test('members with the Invite member dialog', async () => {
  const { page } = desk.member;
  const heading = page.getByRole('heading', { name: 'Members' });
  await go(page, '/members', () => heading.waitFor(POLL));
  await scanBothWidths(page, 'members', () => heading.waitFor(POLL));
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await scanBothWidths(page, 'Invite member dialog', async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByLabel(/email/i).waitFor();
  });
  await page.keyboard.press('Escape');
});

test('profile', async () => {
  const { page } = desk.member;
  const heading = page.getByRole('heading', { name: 'Profile' });
  await go(page, '/profile', () => heading.waitFor(POLL));
  await scanBothWidths(page, 'profile', () => heading.waitFor(POLL));
});

test('an owner whose address is not verified: the notice, and the reason in place of a form', async () => {
  const unverified = await openPage(desk.browser, desk.server.baseURL, WIDE);
  await signIn(unverified.page, await registerViaApi(desk.server.baseURL));
  const { page } = unverified;
  const notice = page.getByRole('region', { name: 'Email address not verified' });
  await go(page, '/members', () => notice.waitFor(POLL));
  await scanBothWidths(page, 'members, address not verified', () => notice.waitFor(POLL));
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await scanBothWidths(page, 'Invite member dialog, address not verified', async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByRole('button', { name: 'Resend verification mail' }).waitFor();
  });
  await unverified.close();
});

test('audit log and the notifications panel', async () => {
  const { page } = desk.member;
  const entry = page.locator('[data-entry-id]').filter({ visible: true }).first();
  await go(page, '/audit-log', () => entry.waitFor(POLL));
  await scanBothWidths(page, 'audit log', () => entry.waitFor(POLL));
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await scanBothWidths(page, 'notifications panel', async () => {
    if (!(await panel.isVisible()))
      await page
        .getByRole('button', { name: /^Notifications/ })
        .filter({ visible: true })
        .click();
    await panel.waitFor();
  });
  await page.keyboard.press('Escape');
});
