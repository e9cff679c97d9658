import type { WACallEvent } from 'baileys';
import { describe, expect, it } from 'vitest';
import { missedCalls } from './missed-calls';

// Baileys' WACallEvent as handleCall emits it (Socket/messages-recv.js:1442-1493; Types/Call.d.ts).
const base: WACallEvent = {
  chatId: '201234567890111@lid',
  from: '201234567890111@lid',
  id: 'C1',
  date: new Date('2026-11-27T14:05:00Z'),
  offline: false,
  status: 'timeout',
};

describe('missedCalls', () => {
  it('takes the calls that timed out, with the caller, their number and when', () => {
    expect(
      missedCalls([{ ...base, callerPn: '4915111111111:3@s.whatsapp.net', isVideo: true, isGroup: false }]),
    ).toEqual([
      {
        callId: 'C1',
        from: '201234567890111@lid',
        callerPn: '4915111111111@s.whatsapp.net',
        video: true,
        at: Math.floor(base.date.getTime() / 1000),
      },
    ]);
  });

  it('leaves out every other stage, group calls and calls without an id or caller', () => {
    const stages = ['offer', 'ringing', 'accept', 'reject', 'terminate', 'preaccept'] as const;
    expect(missedCalls(stages.map((status) => ({ ...base, status })))).toEqual([]);
    expect(missedCalls([{ ...base, isGroup: true }])).toEqual([]);
    expect(missedCalls([{ ...base, from: '120363000000000001@g.us' }])).toEqual([]);
    expect(missedCalls([{ ...base, id: '' }])).toEqual([]);
  });
});
