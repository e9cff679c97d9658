import {
  type AuthUser,
  type MemberRole,
  roleAtLeast,
  type VerifiedOnlyAction,
  verifyFirst,
} from '@wadesk/contract';
import { useAuth } from '@/shared/account/auth-context';

interface Rule {
  /** The least role the server asks for (its role × route table, `src/http/authorization.test.ts`). */
  role: MemberRole;
  /** Also needs a verified address (decision 0016: an unverified account holds no power over others). */
  verified?: VerifiedOnlyAction;
  /** The end of "Only admins and owners can …": what the role may do that the others may not. */
  what: string;
}

/**
 * What the screens offer only to some roles, with the server's rule for each (docs/decisions/0016-members-
 * and-roles.md, "What is whose"). Every screen asks here, so a control a role cannot use is hidden or
 * disabled with the same words before a form is filled, instead of being refused after.
 */
const RULES = {
  linkSessions: { role: 'admin', verified: 'link', what: 'link WhatsApp accounts and terminate sessions' },
  terminateSessions: { role: 'admin', what: 'link WhatsApp accounts and terminate sessions' },
  manageAgents: { role: 'admin', what: 'add, edit and remove agents' },
  setGroupMode: { role: 'admin', what: "change how a group's messages become tickets" },
  setGroupSatisfactionPoll: { role: 'admin', what: "change a group's satisfaction poll" },
  linkAgentPhones: { role: 'admin', what: 'link members to agent phones' },
  inviteMembers: {
    role: 'owner',
    verified: 'invite',
    what: 'invite people, change roles and remove members',
  },
  manageMembers: {
    role: 'owner',
    verified: 'manage',
    what: 'invite people, change roles and remove members',
  },
  renameOrganisation: { role: 'owner', verified: 'rename', what: 'rename the organisation' },
  readAuditLog: { role: 'admin', what: 'read the audit log' },
  // Members read the team's totals and their own row only (reportMessages.membersOwnRows).
  readTeamReports: { role: 'admin', what: 'see reports by agent phone, group, label or customer' },
  downloadTicketsReport: { role: 'admin', what: 'download the tickets of a report' },
  editSettings: { role: 'admin', what: 'change these settings' },
  manageCannedReplies: { role: 'admin', what: 'add and change canned replies' },
  manageLabels: { role: 'admin', what: 'add and change labels' },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof RULES;

export interface Allowance {
  allowed: boolean;
  /** Why not, in words to show beside the control; null when allowed. */
  reason: string | null;
  /** Refused only for an unverified address: the screen may offer "Resend verification mail" (`VerifyFirst`). */
  verify: VerifiedOnlyAction | null;
  /** Refused for the role: the whole feature is not theirs (hide row actions; the notice names them). */
  roleRefused: boolean;
}

const ROLE_WORDS: Record<MemberRole, string> = {
  member: 'members',
  admin: 'admins and owners',
  owner: 'owners',
};

/** "Only admins and owners can read the audit log." */
export function roleReason(permission: Permission): string {
  const rule: Rule = RULES[permission];
  return `Only ${ROLE_WORDS[rule.role]} can ${rule.what}.`;
}

/** Whether `user` may do it, and why not. No user (outside the signed-in screens) may do nothing. */
export function allowance(user: AuthUser | null, permission: Permission): Allowance {
  const rule: Rule = RULES[permission];
  if (user === null || !roleAtLeast(user.role, rule.role))
    return { allowed: false, reason: roleReason(permission), verify: null, roleRefused: true };
  if (rule.verified && !user.email_verified)
    return { allowed: false, reason: verifyFirst(rule.verified), verify: rule.verified, roleRefused: false };
  return { allowed: true, reason: null, verify: null, roleRefused: false };
}

/** The signed-in user's allowance for one permission. */
export function useCan(permission: Permission): Allowance {
  return allowance(useAuth().user, permission);
}
