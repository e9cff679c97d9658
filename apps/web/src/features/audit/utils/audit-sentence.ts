import {
  type AuditLogEntry,
  type GroupSatisfactionPoll,
  groupSatisfactionPolls,
  type ReplyRefusal,
  replyFailureText,
  TICKET_STATUS_LABELS,
  type TicketMode,
  type TicketStatus,
} from '@wadesk/contract';
import { formatPhone } from '@/shared/format/phone';
import { TICKET_MODE_TEXTS } from '@/shared/format/ticket-mode';
import { actionLabel } from './audit-texts';
import { settingsChanges } from './settings-changes';

/** A piece of an entry's sentence: words, a name to stand out, or a ticket to link to. */
export type SentencePart = string | { strong: string } | { ticket: number };

type Entry = Pick<AuditLogEntry, 'action' | 'target' | 'details'>;

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const ticketId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

const ROLES = ['member', 'admin', 'owner'];
const role = (value: unknown) => (ROLES.includes(str(value) ?? '') ? (value as string) : 'another role');
const aRole = (value: unknown) => {
  const word = role(value);
  return word === 'another role' ? word : `${word === 'member' ? 'a' : 'an'} ${word}`;
};
const status = (value: unknown) => TICKET_STATUS_LABELS[value as TicketStatus] ?? 'another status';
const mode = (value: unknown) =>
  TICKET_MODE_TEXTS[value as TicketMode]?.option.toLowerCase() ?? 'another mode';
/** A group's satisfaction poll in a sentence: "as the organisation", "on", "off"; null for any other value. */
const pollChoice = (value: unknown) =>
  groupSatisfactionPolls.includes(value as GroupSatisfactionPoll)
    ? value === 'organisation'
      ? 'as the organisation'
      : (value as string)
    : null;
const list = (value: unknown, none: string) =>
  Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : none;

const SIGN_IN: Record<string, string> = {
  password: 'Signed in with a password.',
  google: 'Signed in with Google.',
  registration: 'Signed in after creating the account.',
  invitation: 'Signed in after accepting an invitation.',
};

const UNDONE: Record<string, string> = {
  first_response: 'the first response time',
  in_progress: 'the move to In Progress',
  assigned: 'the assignment',
};

/** "Priya (+919876543210)", as an agent is recorded, with the number laid out as the app shows numbers. */
function agentName(target: string): string {
  const match = /^(.*) \((\+?\d+)\)$/.exec(target);
  return match ? `${match[1]} (${formatPhone(match[2] ?? '')})` : target;
}

/** "a, b and c" */
function andList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The entry as one sentence (without its actor, who has a column of their own); never a raw value. */
export function auditSentence(entry: Entry): SentencePart[] {
  const d = entry.details;
  const target: SentencePart = { strong: entry.target ?? 'something' };
  // The ticket an entry is about: its id when recorded, else the "Ticket #12" it names.
  const shownId = ticketId(d.ticket_id) ?? Number(/^Ticket #(\d+)$/.exec(entry.target ?? '')?.[1] ?? 0);
  const ticket: SentencePart = shownId > 0 ? { ticket: shownId } : 'a ticket';

  switch (entry.action) {
    case 'auth.signed_in':
      return [SIGN_IN[str(d.method) ?? ''] ?? 'Signed in.'];
    case 'auth.password_changed':
      return ['Changed their password; their other sign-ins ended.'];
    case 'organisation.renamed':
      return str(d.from)
        ? ['Renamed the organisation from ', { strong: str(d.from) ?? '' }, ' to ', target, '.']
        : ['Renamed the organisation to ', target, '.'];
    case 'member.invited':
      return ['Invited ', target, ` as ${aRole(d.role)}.`];
    case 'member.invitation_revoked':
      return ['Revoked the invitation of ', target, ` as ${aRole(d.role)}.`];
    case 'member.joined':
      return [
        `Joined the organisation as ${aRole(d.role)}${
          d.replaced_unverified_account ? ', replacing an unverified account with the same address' : ''
        }.`,
      ];
    case 'member.role_changed':
      return ['Changed the role of ', target, ` from ${role(d.from)} to ${role(d.to)}.`];
    case 'member.removed':
      return ['Removed ', target, `, who was ${aRole(d.role)}.`];
    case 'member.agent_linked':
      return str(d.agent_name)
        ? ['Linked ', target, ' to the agent phone ', { strong: str(d.agent_name) ?? '' }, '.']
        : ['Unlinked ', target, ' from their agent phone.'];
    case 'session.created':
      return d.reactivated
        ? ['Started the session ', target, ' again after it was terminated.']
        : ['Created the session ', target, '.'];
    case 'session.terminated':
      return str(d.phone)
        ? [
            'Terminated the session ',
            target,
            `; the phone ${formatPhone(str(d.phone) ?? '')} was logged out.`,
          ]
        : ['Terminated the session ', target, '.'];
    case 'agent.added':
    case 'agent.removed':
      return [
        entry.action === 'agent.added' ? 'Added the agent ' : 'Removed the agent ',
        { strong: agentName(entry.target ?? 'an agent') },
        '.',
      ];
    case 'agent.edited': {
      const was = (typeof d.was === 'object' && d.was !== null ? d.was : {}) as Record<string, unknown>;
      const before = [
        str(was.name) ? `the name was ${str(was.name)}` : null,
        str(was.number) ? `the number was ${formatPhone(str(was.number) ?? '')}` : null,
        str(was.user_type) ? `the type was ${str(was.user_type) === 'owner' ? 'owner' : 'user'}` : null,
      ].filter((part): part is string => part !== null);
      const agent = { strong: agentName(entry.target ?? 'an agent') };
      return before.length > 0
        ? ['Edited the agent ', agent, `: ${andList(before)}.`]
        : ['Saved the agent ', agent, ' without changes.'];
    }
    case 'ticket.status_changed':
      // Moved by a message (no actor): why; by a member: from what to what.
      return str(d.reason)
        ? ['Moved ', ticket, ` from ${status(d.from)} to ${status(d.to)}: ${str(d.reason)}.`]
        : ['Changed ', ticket, ` from ${status(d.from)} to ${status(d.to)}.`];
    case 'ticket.assigned': {
      if (str(d.reason)) {
        const to = str(d.to) ?? (str(d.agent) ? `the member linked to ${str(d.agent)}` : 'a member');
        return ['Assigned ', ticket, ` to ${to}: ${str(d.reason)}.`];
      }
      const from = str(d.from);
      const to = str(d.to);
      if (to === null) return from ? ['Unassigned ', ticket, ` from ${from}.`] : ['Unassigned ', ticket, '.'];
      if (d.self === true) return from ? ['Took ', ticket, ` over from ${from}.`] : ['Took ', ticket, '.'];
      return from ? ['Reassigned ', ticket, ` from ${from} to ${to}.`] : ['Assigned ', ticket, ` to ${to}.`];
    }
    case 'ticket.labels_changed':
      return [
        'Changed the labels of ',
        ticket,
        ` from ${list(d.from, 'no labels')} to ${list(d.to, 'no labels')}.`,
      ];
    case 'ticket.reply_sent': {
      const options = typeof d.options === 'number' ? d.options : 0;
      if (d.poll)
        return [`Sent a poll with ${options} ${options === 1 ? 'option' : 'options'} in `, ticket, '.'];
      if (d.retry_of) return ['Sent a refused reply again in ', ticket, '.'];
      return ['Sent a reply in ', ticket, '.'];
    }
    case 'ticket.reply_failed': {
      const refusal =
        str(d.refusal) === 'announce_only' || str(d.refusal) === 'not_member' ? d.refusal : null;
      const why = replyFailureText(str(d.code), refusal as ReplyRefusal | null);
      const undone = (Array.isArray(d.undone) ? d.undone : [])
        .map((effect) => UNDONE[String(effect)])
        .filter((words): words is string => words !== undefined);
      return [
        ...(shownId > 0 ? ['Refused a reply in ', ticket, '. '] : ['Refused a desk reply. ']),
        why,
        undone.length > 0 ? ` What it had done was undone: ${andList(undone)}.` : '',
      ];
    }
    case 'ticket.note_added':
      return ['Added a note to ', ticket, '.'];
    case 'ticket.merged': {
      const merged = ticketId(d.merged_ticket_id);
      return ['Merged ', merged ? { ticket: merged } : 'a ticket', ' into ', ticket, '.'];
    }
    case 'ticket.split': {
      const created = ticketId(d.new_ticket_id);
      return [
        'Split ',
        ticket,
        ': its later messages became ',
        created ? { ticket: created } : 'a new ticket',
        '.',
      ];
    }
    case 'group.mode_changed':
      return ['Changed the group mode of ', target, ` from ${mode(d.from)} to ${mode(d.to)}.`];
    case 'group.satisfaction_poll_changed': {
      const [from, to] = [pollChoice(d.from), pollChoice(d.to)];
      return from && to
        ? ['Changed the satisfaction poll of ', target, ` from ${from} to ${to}.`]
        : ['Changed the satisfaction poll of ', target, '.'];
    }
    case 'group.message_sent': {
      const kind = str(d.kind);
      const what =
        kind === 'image'
          ? 'a photo'
          : kind === 'video'
            ? 'a video'
            : kind === 'document'
              ? 'a document'
              : 'a message';
      return [d.retry_of ? `Sent ${what} WhatsApp refused again in ` : `Sent ${what} in `, target, '.'];
    }
    case 'settings.changed':
      return [`Changed the settings: ${settingsChanges(d)}.`];
    case 'label.saved':
      return [d.created ? 'Created the label ' : 'Edited the label ', target, '.'];
    case 'label.deleted':
      return ['Deleted the label ', target, '.'];
    case 'canned_reply.saved':
      return [d.created ? 'Created the canned reply ' : 'Edited the canned reply ', target, '.'];
    case 'canned_reply.deleted':
      return ['Deleted the canned reply ', target, '.'];
    default:
      // An action a newer server records: its name in words, and what it was done to.
      return entry.target
        ? [`${actionLabel(entry.action)}: `, target, '.']
        : [`${actionLabel(entry.action)}.`];
  }
}

/** The sentence as plain text (for tests and anything that cannot hold links). */
export function sentenceText(parts: readonly SentencePart[]): string {
  return parts
    .map((part) =>
      typeof part === 'string' ? part : 'strong' in part ? part.strong : `Ticket #${part.ticket}`,
    )
    .join('');
}
