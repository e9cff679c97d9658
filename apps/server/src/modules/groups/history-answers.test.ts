import { groupMessages } from '@wadesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { waGroups, waMessages } from '../../db/schema';
import type { DeskEventMap } from '../events/desk-events';

/**
 * Answers to "send me older messages" can come late, twice, for an earlier request of the same group, or
 * empty because Baileys' event buffer dropped keys it had already delivered (decision 0015). Only
 * repeated empty answers, a gap apart, end a group's history; the paging and sync services rely on it.
 */
describeWithDatabase('answers of the phone to requests for older messages', (ctx) => {
  async function oldestKey(sessionId: string, groupJid: string) {
    const [row] = await ctx.db
      .select()
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.groupJid, groupJid)))
      .orderBy(asc(waMessages.timestamp), asc(waMessages.msgId))
      .limit(1);
    if (!row) throw new Error('no stored message');
    return {
      key: { remoteJid: groupJid, id: row.waId, fromMe: row.fromMe, participant: row.author },
      timestamp: row.timestamp,
    };
  }
  async function historyComplete(sessionId: string, groupJid: string) {
    const [row] = await ctx.db
      .select({ done: waGroups.historyComplete })
      .from(waGroups)
      .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.jid, groupJid)));
    return row?.done;
  }
  const ask = async (server: FastifyInstance, sessionId: string, groupJid: string, timeoutMs: number) => {
    const oldest = await oldestKey(sessionId, groupJid);
    return (await server.whatsapp.gateway.requestOlder(sessionId, groupJid, oldest, 50, timeoutMs)).answer;
  };

  it('an answer holding only stored messages is not the start of the chat', async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const groupJid = groups[0]?.group_id ?? '';
    const oldest = await oldestKey(sessionId, groupJid);
    const request = () => server.whatsapp.gateway.requestOlder(sessionId, groupJid, oldest, 50, 5_000);

    expect(await (await request()).answer).toEqual({ received: 50, stored: 50, startOfChat: false });
    // The same request again, as when an earlier page's answer arrives after a later page asked.
    expect(await (await request()).answer).toEqual({ received: 50, stored: 0, startOfChat: false });
    expect(await historyComplete(sessionId, groupJid)).toBe(false);
  });

  it('one empty answer is not the start of the chat: three, at least the evidence gap apart, are', async () => {
    const gapMs = 1_500; // the asks meant to fall inside it must, even on a loaded machine
    const server = await ctx.buildApp({}, { whatsapp: { ...FAST_WHATSAPP, historyEmptyGapMs: gapMs } });
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const groupJid = groups[1]?.group_id ?? '';
    const history: DeskEventMap['history'][] = [];
    internalsOf(server).bus.on('history', (event) => history.push(event));

    // Walk to the start with answers waited for: the first empty answer proves nothing yet.
    let reply = await ask(server, sessionId, groupJid, 5_000);
    while (reply?.received) {
      await server.whatsapp.gateway.settled(sessionId);
      reply = await ask(server, sessionId, groupJid, 5_000);
    }
    expect(reply).toEqual({ received: 0, stored: 0, startOfChat: false });
    expect(await historyComplete(sessionId, groupJid)).toBe(false);

    // The page says so, and keeps offering older messages: the user may try again.
    const { key } = await oldestKey(sessionId, groupJid);
    const pageBefore = { session_id: sessionId, group_id: groupJid, msg_type: 'prev', msg_id: key.id };
    const retry = await post<{ has_more_before: boolean; history_note: string | null }>(
      server,
      owner,
      '/api/getGroupsMsg/',
      pageBefore,
    );
    expect(retry.body).toMatchObject({ has_more_before: true, history_note: groupMessages.phoneSentNothing });
    // That page's empty answer came within the gap of the first: it does not count twice.
    expect(await ask(server, sessionId, groupJid, 5_000)).toMatchObject({ startOfChat: false });

    await new Promise((resolve) => setTimeout(resolve, gapMs + 50));
    expect(await ask(server, sessionId, groupJid, 5_000)).toMatchObject({ startOfChat: false });
    expect(await historyComplete(sessionId, groupJid)).toBe(false);

    // The third empty answer a gap later is the evidence; a late one (the page stopped waiting) counts too.
    await new Promise((resolve) => setTimeout(resolve, gapMs + 50));
    expect(await ask(server, sessionId, groupJid, 1)).toBeNull();
    await eventually(() => historyComplete(sessionId, groupJid), 5_000, 'history marked complete');
    expect(history.at(-1)).toMatchObject({ sessionId, groupId: groupJid, stored: 0, onDemand: true });

    // The page now says there is nothing before its oldest message, without asking the phone again.
    const page = await post<{ messages: unknown[]; has_more_before: boolean; history_pending: boolean }>(
      server,
      owner,
      '/api/getGroupsMsg/',
      pageBefore,
    );
    expect(page.body).toMatchObject({
      messages: [],
      has_more_before: false,
      history_pending: false,
      history_note: null,
    });
  });
});
