import type { GroupMessagesResponse } from '@wadesk/contract';
import { proto, type WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import {
  eventually,
  linkScriptedSynced,
  post,
  SCRIPTED_PHONE,
  scriptedWhatsApp,
} from '../../../test/helpers/whatsapp';
import { groupMessage, groupMetadata } from '../../../test-support/whatsapp/scripted-whatsapp';
import { waMessages } from '../../db/schema';

// "Delete for everyone" through the whole server and the real Baileys driver over the scripted socket. A
// revoke is a protocolMessage whose key names the target; Baileys applies it without asking who sent it
// (Utils/process-message.js:298-307), and the target key is whatever the sender wrote. WhatsApp lets a
// message's author delete it, and a group admin delete anyone's (messages-send.js:1096-1104 sends an admin's
// delete as edit="8"); nobody else.
const SUPPORT = '120363000000000001@g.us';
const CARLA = { id: '201234567890123@lid', phoneNumber: '4915112345678@s.whatsapp.net' };
const MALLORY = { id: '4915199999999@s.whatsapp.net', lid: '201234567890999@lid' };
const ADAM = {
  id: '201234567890777@lid',
  phoneNumber: '4915177777777@s.whatsapp.net',
  admin: 'admin' as const,
};

let counter = 0;
/** A revoke of `target`, sent by `sender` (the envelope's participant; `alt` its other address). */
function revoke(
  target: WAMessage,
  sender: { participant: string; alt?: string; fromMe?: boolean },
): WAMessage {
  counter += 1;
  return proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: SUPPORT,
      fromMe: Boolean(sender.fromMe),
      id: `3EB0REVOKE${String(counter).padStart(6, '0')}`,
      participant: sender.participant,
      ...(sender.alt ? { participantAlt: sender.alt } : {}),
    },
    messageTimestamp: 1_700_000_900 + counter,
    message: {
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.REVOKE,
        key: { ...target.key, fromMe: false },
      },
    },
  }) as WAMessage;
}

describeWithDatabase('deletes for everyone (Baileys driver)', (ctx) => {
  it('applies a delete from the author or a group admin (recorded as such), and none from anybody else', async () => {
    const { wa, whatsapp } = scriptedWhatsApp(
      {},
      {
        groups: [
          groupMetadata(SUPPORT, 'Support', [
            { id: SCRIPTED_PHONE.lid, phoneNumber: SCRIPTED_PHONE.pn, admin: 'admin' },
            CARLA,
            MALLORY,
            ADAM,
          ]),
        ],
      },
    );
    const app = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp });
    const owner = await signUpVerified(app);
    const { sessionId, socket } = await linkScriptedSynced(app, owner, wa);
    const rows = async () =>
      new Map(
        (
          await ctx.db
            .select({
              waId: waMessages.waId,
              type: waMessages.messageType,
              body: waMessages.body,
              by: waMessages.revokedBy,
            })
            .from(waMessages)
            .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.groupJid, SUPPORT)))
        ).map((row) => [row.waId, row]),
      );

    const address = groupMessage(SUPPORT, CARLA.id, 'Deliver to Main St 5', {
      participantAlt: CARLA.phoneNumber,
    });
    const typo = groupMessage(SUPPORT, CARLA.id, 'Main Sr 5', { participantAlt: CARLA.phoneNumber });
    const spam = groupMessage(SUPPORT, MALLORY.id, 'cheap watches', { participantAlt: MALLORY.lid });
    const kept = groupMessage(SUPPORT, CARLA.id, 'Thanks!', { participantAlt: CARLA.phoneNumber });
    // Adam says who he is before he cleans up: the desk names him by his push name.
    const hello = groupMessage(SUPPORT, ADAM.id, 'Cleaning up', {
      participantAlt: ADAM.phoneNumber,
      pushName: 'Adam',
    });
    await socket.live([address, typo, spam, kept, hello]);
    await eventually(async () => (await rows()).size === 5, 5_000, 'the messages');

    await socket.live([
      // Mallory is no admin: her delete of Carla's message is forged.
      revoke(address, { participant: MALLORY.id, alt: MALLORY.lid }),
      // Carla deletes her own message, from her phone-number address (stored under her LID).
      revoke(typo, { participant: CARLA.phoneNumber }),
      // Adam is an admin (the metadata lists him by LID; his delete comes from his number).
      revoke(spam, { participant: ADAM.phoneNumber }),
      // The linked account is an admin too: a delete from one of its own devices.
      revoke(kept, { participant: SCRIPTED_PHONE.pn, fromMe: true }),
    ]);
    const after = await eventually(
      async () => {
        const all = await rows();
        return all.get(kept.key.id ?? '')?.type === 'revoked' ? all : null;
      },
      5_000,
      'the deletes',
    );
    expect(after.get(address.key.id ?? '')).toMatchObject({
      type: 'chat',
      body: 'Deliver to Main St 5',
      by: null,
    });
    expect(after.get(typo.key.id ?? '')).toMatchObject({ type: 'revoked', body: '', by: null });
    expect(after.get(spam.key.id ?? '')).toMatchObject({ type: 'revoked', body: '', by: ADAM.phoneNumber });
    expect(after.get(kept.key.id ?? '')).toMatchObject({ type: 'revoked', by: SCRIPTED_PHONE.pn });

    // The group chat says who deleted what: an admin by name and number, the linked account as itself, and
    // nobody for an author's own delete.
    const page = await post<GroupMessagesResponse>(app, owner, '/api/getGroupsMsg/', {
      session_id: sessionId,
      group_id: SUPPORT,
    });
    const shown = new Map(page.body.messages.map((m) => [m.id, m]));
    expect(shown.get(spam.key.id ?? '')?.revoked_by).toEqual({
      name: 'Adam',
      number: '4915177777777',
      from_me: false,
    });
    expect(shown.get(kept.key.id ?? '')?.revoked_by).toEqual({
      name: null,
      number: '4917012345678',
      from_me: true,
    });
    expect(shown.get(typo.key.id ?? '')?.revoked_by).toBeNull();
    expect(shown.get(address.key.id ?? '')?.revoked_by).toBeNull();
  });
});
