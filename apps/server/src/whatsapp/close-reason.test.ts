import { Boom } from '@hapi/boom';
import { DisconnectReason } from 'baileys';
import { describe, expect, it } from 'vitest';
import { classifyClose, VERSION_REFUSED } from './close-reason';

// The errors are built the way Baileys builds them (decision 0015 §2), with Baileys' own status codes.
const wsError = (message: string, data: object) =>
  new Boom(`WebSocket Error (${message})`, { statusCode: DisconnectReason.timedOut, data });
/** A `failure` stanza as Baileys ends the socket with it: its attributes are the Boom's data (socket.js:798-801). */
const failure = (attrs: Record<string, string> & { reason: string }) =>
  new Boom('Connection Failure', { statusCode: Number(attrs.reason), data: attrs });

describe('classifyClose', () => {
  it('calls DNS failures, refused connections and handshake time-outs unreachable, with the cause', () => {
    expect(classifyClose(wsError('getaddrinfo ENOTFOUND web.whatsapp.com', { code: 'ENOTFOUND' }))).toEqual({
      kind: 'unreachable',
      statusCode: 408,
      reason: 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com',
    });
    expect(classifyClose(wsError('connect ECONNREFUSED 127.0.0.1:9', { code: 'ECONNREFUSED' })).kind).toBe(
      'unreachable',
    );
    expect(classifyClose(wsError('Opening handshake has timed out', {})).reason).toBe(
      'Cannot reach WhatsApp: Opening handshake has timed out',
    );
  });

  it('knows a logout, the restart after a scan, exhausted QR codes and a replaced connection', () => {
    expect(
      classifyClose(new Boom('Intentional Logout', { statusCode: DisconnectReason.loggedOut })).kind,
    ).toBe('logged_out');
    expect(classifyClose(new Boom('Stream Errored (restart required)', { statusCode: 515 })).kind).toBe(
      'restart',
    );
    expect(
      classifyClose(new Boom('QR refs attempts ended', { statusCode: DisconnectReason.timedOut })).kind,
    ).toBe('qr_expired');
    expect(classifyClose(new Boom('Stream Errored (conflict)', { statusCode: 440 })).kind).toBe('replaced');
  });

  it('stops for a refused client version (405) or user agent (409), and a refused device (411)', () => {
    // Baileys ends with Boom('Connection Failure', { statusCode: <failure reason> }) (Socket/socket.js:798-801).
    expect(classifyClose(new Boom('Connection Failure', { statusCode: 405 }))).toEqual({
      kind: 'version_refused',
      statusCode: 405,
      reason: VERSION_REFUSED,
    });
    expect(VERSION_REFUSED).toBe(
      'WhatsApp refused this client version: update wadesk or set WHATSAPP_VERSION',
    );
    expect(classifyClose(failure({ reason: '409' }))).toEqual({
      kind: 'version_refused',
      statusCode: 409,
      reason:
        'WhatsApp refused this client (409, user agent rejected): update wadesk or set WHATSAPP_VERSION',
    });
    expect(
      classifyClose(
        new Boom('Multi-device beta not joined', { statusCode: DisconnectReason.multideviceMismatch }),
      ),
    ).toEqual({
      kind: 'refused',
      statusCode: 411,
      reason: 'WhatsApp refused this device (411, multi-device mismatch). Link it again.',
    });
  });

  it('reads 403 as the phone logged out, 406 as a banned number, 402 as a ban until its expiry', () => {
    // whatsmeow types/events: 403 MainDeviceGone and 406 (BANNED in WhatsApp Web) are logouts; 402 is a
    // temporary ban whose `expire` counts seconds and `code` says why.
    expect(classifyClose(failure({ reason: '403' }))).toEqual({
      kind: 'logged_out',
      statusCode: 403,
      reason:
        "WhatsApp logged this device out because the phone's own WhatsApp was logged out or moved to another phone (403). Link the session again.",
    });
    const banned = classifyClose(failure({ reason: '406' }));
    expect(banned).toMatchObject({ kind: 'banned', statusCode: 406 });
    expect(banned.reason).toBe(
      'WhatsApp has banned this phone number (406). Linking it again will not help; its owner can ask WhatsApp to review the ban in WhatsApp on the phone.',
    );
    const now = Date.parse('2026-11-27T13:05:30Z');
    expect(classifyClose(failure({ reason: '402', code: '102', expire: '90000' }), now)).toEqual({
      kind: 'temporarily_banned',
      statusCode: 402,
      reason:
        'WhatsApp has banned this phone number for a while (402): too many people blocked it. The session reconnects by itself when the ban ends, on 28 Nov 2026 at 14:05 UTC.',
      resumesAt: '2026-11-28T14:05:30.000Z',
    });
    // An unknown code says no cause; a ban without an expiry waits for the user.
    expect(classifyClose(failure({ reason: '402', code: '999' }), now)).toEqual({
      kind: 'temporarily_banned',
      statusCode: 402,
      reason:
        'WhatsApp has banned this phone number for a while (402). Start the session again once the ban has ended.',
      resumesAt: null,
    });
  });

  it('retries anything else, keeping the status code in the reason', () => {
    expect(classifyClose(new Boom('Connection Failure', { statusCode: 503 }))).toEqual({
      kind: 'retry',
      statusCode: 503,
      reason: 'Connection Failure (503)',
    });
    expect(
      classifyClose(new Boom('Connection was lost', { statusCode: DisconnectReason.connectionLost })).kind,
    ).toBe('retry');
    expect(classifyClose(undefined)).toEqual({
      kind: 'retry',
      statusCode: null,
      reason: 'Connection closed',
    });
  });
});
