import { describe, expect, it } from 'vitest';
import { actionLabel, actorParts, detailsInWords } from './audit-texts';

describe('audit texts', () => {
  it('splits the recorded actor into name and address', () => {
    expect(actorParts({ actor_id: 1, actor_name: 'Ann Lee <ann@example.com>' })).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
    });
    expect(actorParts({ actor_id: null, actor_name: null })).toEqual({
      name: 'WhatsApp / system',
      email: null,
    });
    expect(actorParts({ actor_id: 7, actor_name: null })).toEqual({ name: 'Member #7', email: null });
  });

  it('says what the details mean', () => {
    expect(detailsInWords({ action: 'auth.signed_in', details: { method: 'google' } })).toBe('With Google');
    expect(detailsInWords({ action: 'member.role_changed', details: { from: 'admin', to: 'member' } })).toBe(
      'From admin to member',
    );
    expect(detailsInWords({ action: 'agent.edited', details: { agent_id: 3, was: { name: 'Priya' } } })).toBe(
      'Was: name Priya',
    );
    expect(
      detailsInWords({
        action: 'member.joined',
        details: { role: 'member', replaced_unverified_account: true },
      }),
    ).toBe('As member, replacing an unverified account of the same address');
    expect(detailsInWords({ action: 'member.agent_linked', details: { agent_id: null } })).toBe(
      'Unlinked from their agent phone',
    );
    // Actions other areas record read as plain pairs, ids left out.
    expect(detailsInWords({ action: 'ticket.status_changed', details: { from: 'open', to: 'close' } })).toBe(
      'From open to close',
    );
    expect(
      detailsInWords({ action: 'ticket.reply_sent', details: { ticket_id: 4, session_name: 'Sales' } }),
    ).toBe('session name: Sales');
  });

  it('names labels and assignees in ticket changes', () => {
    expect(
      detailsInWords({ action: 'ticket.labels_changed', details: { from: [], to: ['Refunds', 'VIP'] } }),
    ).toBe('From no labels to Refunds, VIP');
    expect(detailsInWords({ action: 'ticket.assigned', details: { from: null, to: 'Arjun Mehta' } })).toBe(
      'From Unassigned to Arjun Mehta',
    );
    expect(
      detailsInWords({
        action: 'ticket.assigned',
        details: { to: 'Arjun Mehta', agent: null, reason: 'first reply, sent from the desk' },
      }),
    ).toBe('To Arjun Mehta: first reply, sent from the desk');
    expect(
      detailsInWords({
        action: 'ticket.assigned',
        details: { to: null, agent: 'Front desk', reason: 'first reply, from their agent phone' },
      }),
    ).toBe('To the member linked to Front desk: first reply, from their agent phone');
  });

  it('labels known actions and shows unknown ones as written', () => {
    expect(actionLabel('agent.added')).toBe('Added an agent');
    expect(actionLabel('future.thing')).toBe('future.thing');
  });
});
