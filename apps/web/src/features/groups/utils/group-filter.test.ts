import type { SessionGroup } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { ALL_GROUP_SESSIONS, filterGroups, groupLabel } from './group-filter';

const group = (name: string, session_id: string): SessionGroup => ({
  group_id: `${name}@g.us`,
  name,
  session_name: session_id.toUpperCase(),
  session_id,
  last_message: null,
  unread_count: 0,
  ticket_mode: 'watch',
  satisfaction_poll: 'organisation',
  open_tickets: 0,
});

const groups = [group('Pune Support', 's1'), group('Delhi Sales', 's1'), group('pune Deliveries', 's2')];
const names = (list: SessionGroup[]) => list.map((g) => g.name);

describe('group filter', () => {
  it('matches a case-insensitive substring of the name', () => {
    expect(names(filterGroups(groups, 'PUNE', ALL_GROUP_SESSIONS))).toEqual([
      'Pune Support',
      'pune Deliveries',
    ]);
    expect(names(filterGroups(groups, 'les', ALL_GROUP_SESSIONS))).toEqual(['Delhi Sales']);
    expect(names(filterGroups(groups, '  ', ALL_GROUP_SESSIONS))).toHaveLength(3);
    expect(filterGroups(groups, 'mumbai', ALL_GROUP_SESSIONS)).toEqual([]);
  });

  it('narrows to one session, together with the text', () => {
    expect(names(filterGroups(groups, '', 's2'))).toEqual(['pune Deliveries']);
    expect(names(filterGroups(groups, 'pune', 's1'))).toEqual(['Pune Support']);
  });

  it('shows the first 25 characters of a long name, then ...', () => {
    expect(groupLabel('A'.repeat(25))).toBe('A'.repeat(25));
    expect(groupLabel('Customer escalations — North India region')).toBe('Customer escalations — No...');
  });
});
