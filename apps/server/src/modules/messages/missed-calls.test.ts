import type { GroupMessagesResponse } from '@wadesk/contract';
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
import { tickets, waLiveQueue, waMessages } from '../../db/schema';

// Calls to the linked number nobody answered (decision 0026), through the whole server and the real Baileys
// driver over the scripted socket: Baileys' `call` event stages (offer, then timeout/accept), shown in the
// caller's group only when the caller is a member of exactly one group of the session, never a ticket.
const SUPPORT = '120363000000000001@g.us';
const SALES = '120363000000000002@g.us';
const ASHA = { id: '201234567890111@lid', phoneNumber: '4915111111111@s.whatsapp.net' };
const BEN = { id: '4915122222222@s.whatsapp.net', lid: '201234567890222@lid' };

describeWithDatabase('missed calls (Baileys driver)', (ctx) => {
  it("shows a missed call in the caller's one group, and nowhere for a caller in two groups or none", async () => {
    const { wa, whatsapp } = scriptedWhatsApp(
      {},
      {
        groups: [
          groupMetadata(SUPPORT, 'Support', [
            { id: SCRIPTED_PHONE.lid, phoneNumber: SCRIPTED_PHONE.pn },
            ASHA,
            BEN,
          ]),
          groupMetadata(SALES, 'Sales', [{ id: SCRIPTED_PHONE.lid, phoneNumber: SCRIPTED_PHONE.pn }, BEN]),
        ],
      },
    );
    const app = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp });
    const owner = await signUpVerified(app);
    const { sessionId, socket } = await linkScriptedSynced(app, owner, wa);
    const page = async (group: string) =>
      (
        await post<GroupMessagesResponse>(app, owner, '/api/getGroupsMsg/', {
          session_id: sessionId,
          group_id: group,
        })
      ).body.messages;
    // Asha says who she is first: the line names her by her push name.
    await socket.live([
      groupMessage(SUPPORT, ASHA.id, 'Hello', { participantAlt: ASHA.phoneNumber, pushName: 'Asha' }),
    ]);
    await eventually(async () => (await page(SUPPORT)).length === 1, 5_000, 'her message');

    const at = new Date('2026-11-27T14:05:00Z');
    // Asha rings by her LID with her number (caller_pn); nobody answers: offer, then timeout.
    await socket.call({
      id: 'CALL1',
      from: ASHA.id,
      callerPn: ASHA.phoneNumber,
      status: 'offer',
      isVideo: true,
      date: at,
    });
    await socket.call({ id: 'CALL1', from: ASHA.id, status: 'timeout', date: at });
    // Ben is in both groups: his missed call is shown in neither.
    await socket.call({ id: 'CALL2', from: BEN.id, status: 'offer', date: at });
    await socket.call({ id: 'CALL2', from: BEN.id, status: 'timeout', date: at });
    // An answered call is not missed, and a stranger belongs to no group.
    await socket.call({ id: 'CALL3', from: ASHA.id, status: 'offer', date: at });
    await socket.call({ id: 'CALL3', from: ASHA.id, status: 'accept', date: at });
    await socket.call({ id: 'CALL4', from: '4915199999999@s.whatsapp.net', status: 'timeout', date: at });
    // A group call rings a group, not the linked number.
    await socket.call({ id: 'CALL5', from: ASHA.id, status: 'offer', isGroup: true, date: at });
    await socket.call({ id: 'CALL5', from: ASHA.id, status: 'timeout', date: at });
    // The same call reported again is stored once.
    await socket.call({ id: 'CALL1', from: ASHA.id, status: 'timeout', date: at });
    await socket.live([
      groupMessage(SUPPORT, ASHA.id, 'Did you see my call?', { participantAlt: ASHA.phoneNumber }),
    ]);
    const support = await eventually(
      async () => {
        const messages = await page(SUPPORT);
        return messages.length === 3 ? messages : null;
      },
      5_000,
      'the missed call',
    );
    const call = support.find((m) => m.message_type === 'call_missed');
    expect(call).toMatchObject({
      id: 'CALL1',
      body: 'Missed video call',
      author: ASHA.id,
      author_name: 'Asha',
      author_number: '4915111111111',
      from_me: false,
      timestamp: Math.floor(at.getTime() / 1000),
    });
    expect(support.filter((m) => m.message_type === 'call_missed')).toHaveLength(1);
    expect((await page(SALES)).filter((m) => m.message_type === 'call_missed')).toEqual([]);

    // Never a ticket: not queued, and no ticket names the call.
    const [row] = await ctx.db
      .select({ seq: waMessages.seq, origin: waMessages.origin })
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.waId, 'CALL1')));
    expect(row?.origin).toBe('call');
    expect(
      await ctx.db
        .select()
        .from(waLiveQueue)
        .where(eq(waLiveQueue.seq, row?.seq ?? 0)),
    ).toEqual([]);
    const all = await ctx.db.select({ id: tickets.id }).from(tickets);
    // Asha's two messages made her ticket; the call added nothing to it.
    expect(all).toHaveLength(1);
  });
});
