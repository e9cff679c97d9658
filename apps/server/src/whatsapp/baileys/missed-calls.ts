import { isJidGroup, jidNormalizedUser, type WACallEvent } from 'baileys';
import { storableText } from '../../text';
import type { MissedCall } from '../driver';

/**
 * The calls among Baileys' `call` events that nobody answered (decision 0026). Baileys reports each stage
 * of a call (Socket/messages-recv.js:1442-1493): `offer` (with `isVideo` and `isGroup`, kept in its offer
 * cache), then `accept`, `reject`, `terminate`, or `timeout` — a `terminate` stanza whose reason is
 * `timeout` (Utils/generics.js:301-316), the case Baileys itself turns into a CALL_MISSED_VOICE/VIDEO stub
 * (messages-recv.js:1627-1656). Only those count: a `terminate` also ends an answered call. Group calls
 * (`isGroup`, or from a group JID) ring a group, not the linked number, and are left out.
 */
export function missedCalls(calls: readonly WACallEvent[]): MissedCall[] {
  return calls.flatMap((call) => {
    const from = storableText(call.from ?? '');
    const id = storableText(call.id ?? '');
    if (call.status !== 'timeout' || call.isGroup || !from || !id || isJidGroup(from)) return [];
    const at = call.date instanceof Date && !Number.isNaN(call.date.getTime()) ? call.date.getTime() : 0;
    return [
      {
        callId: id,
        from: jidNormalizedUser(from),
        callerPn: call.callerPn ? jidNormalizedUser(storableText(call.callerPn)) : null,
        video: Boolean(call.isVideo),
        at: Math.floor(at / 1000),
      },
    ];
  });
}
