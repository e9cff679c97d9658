import type { MissedCall } from '../../whatsapp/driver';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionRef } from '../sessions/message-sink';
import type { ContactsRepository } from './contacts.repository';
import { resolveMessage } from './group-message';
import type { GroupsRepository } from './groups.repository';
import type { MessagesRepository, NewMessageRow } from './messages.repository';
import type { ParticipantsRepository } from './participants.repository';

export interface MissedCallsDeps {
  messages: MessagesRepository;
  contacts: ContactsRepository;
  groups: GroupsRepository;
  participants: ParticipantsRepository;
  bus: DeskEventBus;
}

/** What a missed call's line says; the web adds who and when ("Missed voice call from Asha · 14:05"). */
export const missedCallBody = (video: boolean) => (video ? 'Missed video call' : 'Missed voice call');

/**
 * Calls to the linked number nobody answered (decision 0026). A call belongs to no group, so it is shown in
 * the caller's group only when the caller is a member of exactly one group of the session (by either of
 * their addresses, the phone number from the call or the session's contacts); otherwise it is not shown in
 * any group. Stored as a `call_missed` row with origin `call`: never queued for the ticket engine (only
 * `live` rows are), published as `message.live` so open conversations show it. The call id is its key, so
 * a call reported again is stored once.
 */
export function createMissedCalls({ messages, contacts, groups, participants, bus }: MissedCallsDeps) {
  return async function saveMissedCalls(session: SessionRef, calls: readonly MissedCall[]): Promise<void> {
    for (const call of calls) {
      const known = await contacts.names(session.id, [call.from]);
      const alt =
        call.callerPn && call.callerPn !== call.from ? call.callerPn : (known.get(call.from)?.altJid ?? null);
      const inGroups = await participants.groupsOf(session.id, alt ? [call.from, alt] : [call.from]);
      const [groupJid] = inGroups;
      if (inGroups.length !== 1 || !groupJid) continue;
      const names = alt ? new Map([...known, ...(await contacts.names(session.id, [alt]))]) : known;
      const row: NewMessageRow = {
        sessionId: session.id,
        organisationId: session.organisationId,
        origin: 'call',
        groupJid,
        msgId: ['false', groupJid, call.callId, call.from].join('_'),
        waId: call.callId,
        fromMe: false,
        author: call.from,
        authorAlt: alt,
        authorName: names.get(call.from)?.name ?? (alt ? names.get(alt)?.name : null) ?? null,
        body: missedCallBody(call.video),
        messageType: 'call_missed',
        hasMedia: false,
        mimetype: null,
        filename: null,
        thumbnail: null,
        quotedId: null,
        quotedParticipant: null,
        quotedType: null,
        quotedBody: null,
        quotedThumbnail: null,
        timestamp: call.at > 0 ? call.at : Math.floor(Date.now() / 1000),
        raw: null,
      };
      const inserted = await messages.insertMessages([row]);
      if (inserted.length === 0) continue;
      const { raw: _raw, sessionId: _s, organisationId: _o, origin: _origin, groupJid: _g, ...fields } = row;
      bus.publish('message.live', {
        organisationId: session.organisationId,
        sessionId: session.id,
        groupJid,
        groupName: await groups.groupName(session.id, groupJid),
        message: resolveMessage(fields, names),
      });
    }
  };
}
