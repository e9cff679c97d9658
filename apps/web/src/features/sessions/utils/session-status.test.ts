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
    expect(
      ['qr_expired', 'logged_out', 'banned', 'temporarily_banned', 'terminated'].every((s) =>
        isStopped(s as never),
      ),
    ).toBe(true);
    expect(isStopped('reconnecting')).toBe(false);
  });

  it('names a banned number and a temporary ban in plain words', () => {
    expect(describeStatus('banned', 'WhatsApp has banned this phone number (406).')).toEqual({
      label: 'Number banned',
      tone: 'red',
      detail: 'Number banned: WhatsApp has banned this phone number (406).',
    });
    expect(describeStatus('temporarily_banned', null).label).toBe('Temporarily banned');
  });
});
