import { verifyFirst } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { userWithRole } from '@/testing/render-routes';
import { allowance, roleReason } from './permissions';

describe('allowance', () => {
  it('follows the server: admins link sessions and manage agents, owners manage members', () => {
    const can = (role: 'member' | 'admin' | 'owner', permission: Parameters<typeof allowance>[1]) =>
      allowance(userWithRole(role), permission).allowed;
    expect([
      can('member', 'manageAgents'),
      can('admin', 'manageAgents'),
      can('owner', 'manageAgents'),
    ]).toEqual([false, true, true]);
    expect([can('member', 'linkSessions'), can('admin', 'linkSessions')]).toEqual([false, true]);
    expect([can('admin', 'manageMembers'), can('owner', 'manageMembers')]).toEqual([false, true]);
    expect([can('member', 'readAuditLog'), can('admin', 'readAuditLog')]).toEqual([false, true]);
    expect([can('member', 'readTeamReports'), can('admin', 'readTeamReports')]).toEqual([false, true]);
    expect([can('member', 'downloadTicketsReport'), can('admin', 'downloadTicketsReport')]).toEqual([
      false,
      true,
    ]);
  });

  it('says why in one sentence per role, and refuses a missing user', () => {
    expect(allowance(userWithRole('member'), 'readAuditLog')).toEqual({
      allowed: false,
      reason: 'Only admins and owners can read the audit log.',
      verify: null,
      roleRefused: true,
    });
    expect(roleReason('manageMembers')).toBe(
      'Only owners can invite people, change roles and remove members.',
    );
    expect(allowance(null, 'editSettings').allowed).toBe(false);
  });

  it('refuses linking to an unverified admin with the contract words, but not terminating', () => {
    const unverified = userWithRole('admin', { email_verified: false });
    expect(allowance(unverified, 'linkSessions')).toEqual({
      allowed: false,
      reason: verifyFirst('link'),
      verify: 'link',
      roleRefused: false,
    });
    expect(allowance(unverified, 'terminateSessions').allowed).toBe(true);
    // The role comes first: a member is told about the role, not about the address.
    expect(allowance(userWithRole('member', { email_verified: false }), 'linkSessions').roleRefused).toBe(
      true,
    );
  });
});
