import { describe, expect, it } from 'vitest';
import { describeStatus, isStopped } from './session-status';

describe('describeStatus', () => {
  it('names each state', () => {
    expect(describeStatus('connected', null)).toEqual({
      label: 'Connected',
      tone: 'green',
      detail: 'Connected',
    });
    expect(describeStatus('qr', null).label).toBe('Waiting for scan');
  });

  it('adds the reason, without repeating a label the reason already starts with', () => {
    expect(describeStatus('unreachable', 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND').detail).toBe(
      'Cannot reach WhatsApp: getaddrinfo ENOTFOUND',
    );
    expect(describeStatus('unreachable', 'ETIMEDOUT').detail).toBe('Cannot reach WhatsApp: ETIMEDOUT');
    expect(describeStatus('logged_out', '  ').detail).toBe('Logged out on the phone');
  });

  it('knows which states stop the session', () => {
    expect(['qr_expired', 'logged_out', 'terminated'].every((s) => isStopped(s as never))).toBe(true);
    expect(isStopped('reconnecting')).toBe(false);
  });
});
