import type { Agent, MembersResponse, SavedChatList, SessionListResponse } from '@wadesk/contract';
import type { Permission } from '@/shared/account/permissions';

export type StepId = 'whatsapp' | 'agents' | 'team' | 'chat';

export interface StepText {
  title: string;
  hint: string;
  /** The screen where the step is done. */
  to: string;
  /** The link's words. */
  action: string;
  /** Shown only to a role that may do it; none: everyone can. */
  permission?: Permission;
}

export const STEP_ORDER: readonly StepId[] = ['whatsapp', 'agents', 'team', 'chat'];

export const STEP_TEXTS: Record<StepId, StepText> = {
  whatsapp: {
    title: 'Link WhatsApp',
    hint: 'Connect the phone whose groups your customers write in: their messages become tickets.',
    to: '/session-info',
    action: 'Link a phone',
    permission: 'linkSessions',
  },
  agents: {
    title: 'Add agents',
    hint: "Add the phones your staff answer from, so their replies count as the desk's.",
    to: '/agents',
    action: 'Add an agent',
    permission: 'manageAgents',
  },
  team: {
    title: 'Invite the team',
    hint: 'Invite the people who answer tickets with you.',
    to: '/members',
    action: 'Invite people',
    permission: 'inviteMembers',
  },
  chat: {
    title: 'Import a chat',
    hint: 'Upload a WhatsApp chat export, read it and save it to your account.',
    to: '/upload-chat',
    action: 'Import a chat',
  },
};

/**
 * When each step is done, from the lists the app already fetches. An agent someone added is a `user` one:
 * linking a phone adds that phone's own `owner` agent by itself, which does not make the step done.
 */
export const stepDone = {
  whatsapp: (answer: SessionListResponse) =>
    answer.session_list.some((session) => session.status === 'connected'),
  agents: (agents: Agent[]) => agents.some((agent) => agent.user_type === 'user'),
  team: (answer: MembersResponse) => answer.members.length > 1 || answer.invitations.length > 0,
  chat: (list: SavedChatList) => list.chat_count > 0 || list.chat_list.length > 0,
};

export const GETTING_STARTED_TEXTS = {
  title: 'Get your desk ready',
  description: 'Each step ticks itself once it is done.',
  hide: 'Hide',
  hideLabel: 'Hide getting started',
  hidden: 'Getting started is hidden. Every step stays in the menu.',
  done: 'Done',
  progress: (done: number, total: number) => `${done} of ${total} done`,
} as const;
