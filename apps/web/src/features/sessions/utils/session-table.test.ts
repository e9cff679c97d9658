import type { SessionListItem } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import {
  filterSessions,
  isSessionLimitMessage,
  sortSessions,
  stripWhitespace,
  toActiveSessions,
} from './session-table';

const session = (name: string, created: string, isActive: boolean): SessionListItem => ({
  sessionId: `id-${name}`,
  session_name: name,
  description: `${name} phone`,
  isActive,
  status: isActive ? 'connected' : 'terminated',
  reason: null,
  phone: null,
  created_at: created,
  updated_at: created,
  resumes_at: null,
  health: { events: [], quiet_since: null },
});

const list = [
  session('b', '2024-03-02T10:00:00Z', false),
  session('a', '2024-03-01T10:00:00Z', true),
  session('c', '2024-03-03T10:00:00Z', true),
];

describe('sessions table rules', () => {
  it('sorts by created_at both ways without touching the input', () => {
    expect(sortSessions(list, 'asc').map((s) => s.session_name)).toEqual(['a', 'b', 'c']);
    expect(sortSessions(list, 'desc').map((s) => s.session_name)).toEqual(['c', 'b', 'a']);
    expect(list.map((s) => s.session_name)).toEqual(['b', 'a', 'c']);
  });

  it('filters by the Active and Inactive boxes', () => {
    const names = (f: { active: boolean; inactive: boolean }) =>
      filterSessions(list, f).map((s) => s.session_name);
    expect(names({ active: true, inactive: true })).toEqual(['b', 'a', 'c']);
    expect(names({ active: true, inactive: false })).toEqual(['a', 'c']);
    expect(names({ active: false, inactive: true })).toEqual(['b']);
    expect(names({ active: false, inactive: false })).toEqual([]);
  });

  it('keeps the active sessions for local storage as {id, session_name, sessionId}', () => {
    expect(toActiveSessions(list)).toEqual([
      { id: 'id-a', session_name: 'a', sessionId: 'id-a' },
      { id: 'id-c', session_name: 'c', sessionId: 'id-c' },
    ]);
  });

  it('strips every kind of whitespace from a session name', () => {
    expect(stripWhitespace('  Sales  desk\tone\n')).toBe('Salesdeskone');
    expect(stripWhitespace('\u00a0x y')).toBe('xy');
    expect(stripWhitespace('   ')).toBe('');
  });

  it('recognises the server’s session-limit message', () => {
    expect(isSessionLimitMessage('Active session limit reached (1). Terminate a session first.')).toBe(true);
    expect(isSessionLimitMessage('Fill the details corretly')).toBe(false);
  });
});
