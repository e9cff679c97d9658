import { type AuditLogEntry, auditActions } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { auditSentence, sentenceText } from './audit-sentence';

// Every action the server records, with the details it writes (apps/server/src/modules/*: each
// `audit.record(...)` / `byMember(...)`), and the sentence the Audit log shows for it.
const SERVER_ENTRIES: [AuditLogEntry['action'], string | null, Record<string, unknown>, string][] = [
  ['auth.signed_in', 'ann@acme.test', { method: 'google' }, 'Signed in with Google.'],
  ['auth.password_changed', 'ann@acme.test', {}, 'Changed their password; their other sign-ins ended.'],
  [
    'organisation.renamed',
    'Acme Support',
    { from: 'Ann', to: 'Acme Support' },
    'Renamed the organisation from Ann to Acme Support.',
  ],
  ['member.invited', 'ravi@acme.test', { role: 'admin' }, 'Invited ravi@acme.test as an admin.'],
  [
    'member.invitation_revoked',
    'ravi@acme.test',
    { role: 'member' },
    'Revoked the invitation of ravi@acme.test as a member.',
  ],
  [
    'member.joined',
    'ravi@acme.test',
    { role: 'member', replaced_unverified_account: true },
    'Joined the organisation as a member, replacing an unverified account with the same address.',
  ],
  [
    'member.role_changed',
    'ravi@acme.test',
    { from: 'admin', to: 'member' },
    'Changed the role of ravi@acme.test from admin to member.',
  ],
  ['member.removed', 'ravi@acme.test', { role: 'owner' }, 'Removed ravi@acme.test, who was an owner.'],
  [
    'member.agent_linked',
    'ravi@acme.test',
    { agent_id: 3, agent_name: 'Front desk' },
    'Linked ravi@acme.test to the agent phone Front desk.',
  ],
  ['session.created', 'Sales', { session_id: 's-1' }, 'Created the session Sales.'],
  [
    'session.terminated',
    'Sales',
    { session_id: 's-1', phone: '919876543210' },
    'Terminated the session Sales; the phone +91 98765 43210 was logged out.',
  ],
  ['agent.added', 'Priya (+919876543210)', { agent_id: 3 }, 'Added the agent Priya (+91 98765 43210).'],
  [
    'agent.edited',
    'Priya (+919876543210)',
    { agent_id: 3, was: { name: 'Pri', number: '+919876500000', user_type: 'owner' } },
    'Edited the agent Priya (+91 98765 43210): the name was Pri, the number was +91 98765 00000 and the type was owner.',
  ],
  ['agent.removed', 'Priya (+919876543210)', { agent_id: 3 }, 'Removed the agent Priya (+91 98765 43210).'],
  [
    'ticket.status_changed',
    'Ticket #12',
    { from: 'open', to: 'close' },
    'Changed Ticket #12 from Open to Closed.',
  ],
  [
    'ticket.assigned',
    'Ticket #12',
    { from: 'Priya Nair', to: 'Arjun Mehta', self: false },
    'Reassigned Ticket #12 from Priya Nair to Arjun Mehta.',
  ],
  [
    'ticket.labels_changed',
    'Ticket #12',
    { from: [], to: ['Refunds', 'VIP'] },
    'Changed the labels of Ticket #12 from no labels to Refunds, VIP.',
  ],
  [
    'ticket.reply_sent',
    'Ticket #12',
    { ticket_id: 12, wa_id: 'ABC', length: 42 },
    'Sent a reply in Ticket #12.',
  ],
  [
    'ticket.reply_failed',
    'Ticket #12',
    { ticket_id: 12, wa_id: 'ABC', code: '463', refusal: null, undone: ['first_response', 'assigned'] },
    'Refused a reply in Ticket #12. Not sent: WhatsApp has restricted this account (error 463). What it had done was undone: the first response time and the assignment.',
  ],
  ['ticket.note_added', 'Ticket #12', { note_id: 5 }, 'Added a note to Ticket #12.'],
  ['ticket.merged', 'Ticket #12', { merged_ticket_id: 9 }, 'Merged Ticket #9 into Ticket #12.'],
  [
    'ticket.split',
    'Ticket #12',
    { new_ticket_id: 13, from_message_id: 400 },
    'Split Ticket #12: its later messages became Ticket #13.',
  ],
  [
    'group.mode_changed',
    'Sales team',
    { session_id: 's-1', group_id: '123@g.us', from: 'watch', to: 'per_customer' },
    'Changed the group mode of Sales team from one ticket for the group to one ticket per customer.',
  ],
  [
    'group.satisfaction_poll_changed',
    'Sales team',
    { session_id: 's-1', group_id: '123@g.us', from: 'organisation', to: 'off' },
    'Changed the satisfaction poll of Sales team from as the organisation to off.',
  ],
  [
    'group.satisfaction_poll_changed',
    'Sales team',
    { session_id: 's-1', group_id: '123@g.us', from: 'sometimes', to: 'on' },
    'Changed the satisfaction poll of Sales team.',
  ],
  [
    'group.message_sent',
    'Sales team',
    { session_id: 's-1', group_id: '123@g.us', wa_id: 'ABC', kind: 'text', length: 12 },
    'Sent a message in Sales team.',
  ],
  [
    'group.message_sent',
    'Sales team',
    { session_id: 's-1', group_id: '123@g.us', wa_id: 'ABC', kind: 'image', length: 0, retry_of: 'ABC' },
    'Sent a photo WhatsApp refused again in Sales team.',
  ],
  [
    'settings.changed',
    'Organisation settings',
    {
      unanswered_minutes: { from: 30, to: 1 },
      auto_pending: { from: false, to: true },
      reopen_days: { from: 7, to: 0 },
      ack_phrases: { from: ['ok', 'thanks'], to: ['ok', 'noted'] },
    },
    'Changed the settings: the unanswered alert from 30 minutes to 1 minute; Pending after a staff reply turned on; the reopen window from 7 days to never reopening; the acknowledgement phrases (added “noted”, removed “thanks”).',
  ],
  [
    'settings.changed',
    'Organisation settings',
    { business_hours: { from: {}, to: {} }, sla_policies: { from: [], to: [] } },
    'Changed the settings: the business hours; the SLA policies.',
  ],
  [
    'settings.changed',
    'Organisation settings',
    {
      sla_warning_minutes: { from: 15, to: 30 },
      out_of_hours_reply: { from: false, to: true },
      out_of_hours_message: { from: 'Back {back}.', to: 'We are away until {back}.' },
      satisfaction_poll: { from: false, to: true },
    },
    'Changed the settings: the breaching-soon warning from 15 minutes to 30 minutes before due; the out-of-hours reply turned on; the out-of-hours message; the satisfaction poll turned on.',
  ],
  ['label.saved', 'Urgent', { label_id: 2, colour: '#dc2626', created: true }, 'Created the label Urgent.'],
  ['label.deleted', 'Urgent', { label_id: 2 }, 'Deleted the label Urgent.'],
  ['canned_reply.saved', '/refund', { id: 4, created: false }, 'Edited the canned reply /refund.'],
  ['canned_reply.deleted', '/refund', { id: 4 }, 'Deleted the canned reply /refund.'],
];

const sentence = (action: string, target: string | null, details: Record<string, unknown>) =>
  sentenceText(auditSentence({ action, target, details }));

describe('audit sentences', () => {
  it('has an entry for every action the contract lists', () => {
    expect(new Set(SERVER_ENTRIES.map(([action]) => action))).toEqual(new Set(auditActions));
  });

  it.each(SERVER_ENTRIES)('%s reads as a sentence', (action, target, details, words) => {
    const text = sentence(action, target, details);
    expect(text).toBe(words);
    // A sentence, in words: no wire names, enum codes, lengths or ids.
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b|\bundefined\b|\bnull\b|\[object/);
    expect(text).not.toMatch(/\b(42|400|ABC|s-1)\b|@g\.us|#dc2626/);
  });

  it('links the tickets it names', () => {
    expect(
      auditSentence({ action: 'ticket.merged', target: 'Ticket #12', details: { merged_ticket_id: 9 } }),
    ).toEqual(['Merged ', { ticket: 9 }, ' into ', { ticket: 12 }, '.']);
    expect(
      auditSentence({ action: 'ticket.reply_sent', target: 'Ticket #7', details: { ticket_id: 7 } }),
    ).toContainEqual({ ticket: 7 });
  });

  it('says why WhatsApp moved or assigned a ticket, and names the other ways', () => {
    expect(
      sentence('ticket.status_changed', 'Ticket #3', {
        from: 'pending',
        to: 'in_progress',
        reason: 'the customer replied',
        wa_id: 'X',
      }),
    ).toBe('Moved Ticket #3 from Pending to In Progress: the customer replied.');
    expect(
      sentence('ticket.assigned', 'Ticket #3', {
        ticket_id: 3,
        to: null,
        agent: 'Front desk',
        reason: 'first reply, from their agent phone',
      }),
    ).toBe('Assigned Ticket #3 to the member linked to Front desk: first reply, from their agent phone.');
    expect(sentence('ticket.assigned', 'Ticket #3', { from: null, to: 'Asha Rao', self: true })).toBe(
      'Took Ticket #3.',
    );
    expect(sentence('ticket.assigned', 'Ticket #3', { from: 'Asha Rao', to: null, self: false })).toBe(
      'Unassigned Ticket #3 from Asha Rao.',
    );
    expect(sentence('ticket.assigned', 'Ticket #3', { from: null, to: 'Ravi', self: false })).toBe(
      'Assigned Ticket #3 to Ravi.',
    );
    expect(
      sentence('ticket.reply_sent', 'Ticket #3', { ticket_id: 3, length: 9, poll: true, options: 3 }),
    ).toBe('Sent a poll with 3 options in Ticket #3.');
    expect(sentence('ticket.reply_sent', 'Ticket #3', { ticket_id: 3, length: 9, retry_of: 'W1' })).toBe(
      'Sent a refused reply again in Ticket #3.',
    );
    expect(
      sentence('ticket.reply_failed', 'A desk reply', {
        ticket_id: null,
        code: null,
        refusal: 'not_member',
        undone: [],
      }),
    ).toBe('Refused a desk reply. Not sent: this WhatsApp account is no longer in the group.');
  });

  it('names the other member and session changes', () => {
    expect(sentence('auth.signed_in', 'a@b.test', { method: 'password' })).toBe('Signed in with a password.');
    expect(sentence('member.agent_linked', 'ravi@acme.test', { agent_id: null, agent_name: null })).toBe(
      'Unlinked ravi@acme.test from their agent phone.',
    );
    expect(sentence('session.created', 'Sales', { session_id: 's', reactivated: true })).toBe(
      'Started the session Sales again after it was terminated.',
    );
    expect(sentence('agent.edited', 'Priya (+919876543210)', { agent_id: 3, was: {} })).toBe(
      'Saved the agent Priya (+91 98765 43210) without changes.',
    );
  });

  it('reads an action or a setting a newer server records in words', () => {
    expect(sentence('invoice.paid', 'INV-7', {})).toBe('Invoice paid: INV-7.');
    expect(
      sentence('settings.changed', 'Organisation settings', { org_name: { from: 'Acme', to: 'Acme Ltd' } }),
    ).toBe('Changed the settings: the org name from “Acme” to “Acme Ltd”.');
  });
});
