import { describe, expect, it } from 'vitest';
import { actionLabel, actorParts } from './audit-texts';

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

  it('labels known actions and puts unknown ones in words', () => {
    expect(actionLabel('agent.added')).toBe('Added an agent');
    expect(actionLabel('future.thing_done')).toBe('Future thing done');
  });
});
