import { Boom } from '@hapi/boom';
import { DisconnectReason } from 'baileys';
import { describe, expect, it } from 'vitest';
import { classifyClose, VERSION_REFUSED } from './close-reason';

// The errors are built the way Baileys builds them (decision 0015 §2), with Baileys' own status codes.
const wsError = (message: string, data: object) =>
  new Boom(`WebSocket Error (${message})`, { statusCode: DisconnectReason.timedOut, data });

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

  it('stops for a refused client version (405) and a refused account (403) or device (411)', () => {
    // Baileys ends with Boom('Connection Failure', { statusCode: <failure reason> }) (Socket/socket.js:798-801).
    expect(classifyClose(new Boom('Connection Failure', { statusCode: 405 }))).toEqual({
      kind: 'version_refused',
      statusCode: 405,
      reason: VERSION_REFUSED,
    });
    expect(VERSION_REFUSED).toBe(
      'WhatsApp refused this client version: update wadesk or set WHATSAPP_VERSION',
    );
    expect(classifyClose(new Boom('Connection Failure', { statusCode: DisconnectReason.forbidden }))).toEqual(
      {
        kind: 'refused',
        statusCode: 403,
        reason: 'WhatsApp refused this account (403): the number may be banned. Check the phone.',
      },
    );
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
