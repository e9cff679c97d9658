import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { waGroups, waMessages } from '../../db/schema';
import type { DeskEventMap } from '../events/desk-events';

/**
 * Answers to "send me older messages" can come late, twice, or for an earlier request of the same group.
 * Only an answer with nothing for the group may end its history; the paging and sync services rely on it.
 */
describeEachDatabase('answers of the phone to requests for older messages', (ctx) => {
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
    const owner = await signUp(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const groupJid = groups[0]?.group_id ?? '';
    const oldest = await oldestKey(sessionId, groupJid);
    const request = () => server.whatsapp.gateway.requestOlder(sessionId, groupJid, oldest, 50, 5_000);

    expect(await (await request()).answer).toEqual({ received: 50, stored: 50 });
    // The same request again, as when an earlier page's answer arrives after a later page asked.
    expect(await (await request()).answer).toEqual({ received: 50, stored: 0 });
    expect(await historyComplete(sessionId, groupJid)).toBe(false);
  });

  it('an answer with nothing older ends the history, also when it comes after the page stopped waiting', async () => {
    const slowPhone = { ...FAST_WHATSAPP, simulator: { ...FAST_WHATSAPP.simulator, answerDelayMs: 150 } };
    const server = await ctx.buildApp({}, { whatsapp: slowPhone });
    const owner = await signUp(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const groupJid = groups[1]?.group_id ?? '';
    const history: DeskEventMap['history'][] = [];
    server.events.bus.on('history', (event) => history.push(event));

    // Walk to the start with answers waited for.
    while ((await ask(server, sessionId, groupJid, 5_000))?.received)
      await server.whatsapp.gateway.settled(sessionId);
    expect(await historyComplete(sessionId, groupJid)).toBe(true);

    // Forget it, then ask once more without waiting long enough: the late "nothing older" still counts.
    await ctx.db.update(waGroups).set({ historyComplete: false }).where(eq(waGroups.jid, groupJid));
    expect(await ask(server, sessionId, groupJid, 10)).toBeNull();
    await eventually(() => historyComplete(sessionId, groupJid), 5_000, 'history marked complete');
    expect(history.at(-1)).toMatchObject({ sessionId, groupId: groupJid, stored: 0, onDemand: true });

    // The page now says there is nothing before its oldest message, without asking the phone again.
    const { key } = await oldestKey(sessionId, groupJid);
    const page = await post<{ messages: unknown[]; has_more_before: boolean; history_pending: boolean }>(
      server,
      owner,
      '/api/getGroupsMsg/',
      { session_id: sessionId, group_id: groupJid, msg_type: 'prev', msg_id: key.id },
    );
    expect(page.body).toMatchObject({ messages: [], has_more_before: false, history_pending: false });
  });
});
