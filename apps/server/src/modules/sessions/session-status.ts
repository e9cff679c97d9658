import type { SessionStatus } from '@wadesk/contract';
import { NUMBER_BANNED, VERSION_REFUSED } from '../../whatsapp/close-reason';

/** The sentence the Sessions screen shows for a status (it shows server messages as they are). */
export function statusMessage(status: SessionStatus, reason: string | null): string {
  switch (status) {
    case 'connected':
      return 'Connected';
    case 'qr':
      return 'Waiting for the QR code to be scanned';
    case 'starting':
      return 'Starting';
    case 'reconnecting':
      return reason ? `Reconnecting (${reason})` : 'Reconnecting';
    case 'unreachable':
      return reason ?? 'Cannot reach WhatsApp';
    case 'qr_expired':
      return reason ?? 'The QR code was not scanned in time.';
    case 'logged_out':
      return reason ?? 'The device was logged out from the phone.';
    case 'banned':
      return reason ?? NUMBER_BANNED;
    case 'temporarily_banned':
      return reason ?? 'WhatsApp has banned this phone number for a while (402).';
    case 'terminated':
      return 'Session terminated';
    case 'version_refused':
      return reason ?? VERSION_REFUSED;
    case 'refused':
      return reason ?? 'WhatsApp refused this device.';
    case 'replaced':
      return reason ?? 'Another client opened this session (connection replaced).';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session ids are UUIDs; anything else cannot name a session (and must not reach a uuid column). */
export const isSessionId = (id: string): boolean => UUID.test(id);
