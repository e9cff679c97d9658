import { proto, type WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, linkScriptedSynced, scriptedWhatsApp } from '../../../test/helpers/whatsapp';
import { groupMessage, groupNotice } from '../../../test-support/whatsapp/scripted-whatsapp';
import { waGroups, waMessages } from '../../db/schema';

// The phone's answers to requests for older messages, through the whole server and the real Baileys driver
// over the scripted socket, whose Baileys event buffer merges and drops history as rc14 does
// (Utils/event-buffer.js:221-287; docs/decisions/0015-baileys-facts.md §6).
const { HistorySyncType } = proto.HistorySync;
const SUPPORT = '120363000000000001@g.us';
const CARLA = '4915112345678@s.whatsapp.net';
const T0 = 1_700_000_000;

describeWithDatabase('answers of the phone to requests for older messages (Baileys driver)', (ctx) => {
  const GAP_MS = 40; // FAST_WHATSAPP's historyEmptyGapMs

  async function linked() {
    const { wa, whatsapp } = scriptedWhatsApp();
    const app = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp });
    const owner = await signUpVerified(app);
    // The first sync brings three messages of the group.
    const { sessionId, socket } = await linkScriptedSynced(
      app,
      owner,
      wa,
      [1, 2, 3].map((n) => groupMessage(SUPPORT, CARLA, `message ${n}`, { timestamp: T0 + 1_000 + n })),
    );
    await eventually(async () => (await stored(sessionId)).length === 3, 5_000, 'the first history');
    return { app, sessionId, socket };
  }

  const stored = (sessionId: string) =>
    ctx.db
      .select({ waId: waMessages.waId, timestamp: waMessages.timestamp })
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.groupJid, SUPPORT)))
      .orderBy(waMessages.timestamp);

  async function historyComplete(sessionId: string) {
    const [row] = await ctx.db
      .select({ done: waGroups.historyComplete })
      .from(waGroups)
      .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.jid, SUPPORT)));
    return row?.done;
  }

  /** What the desk's paging does: ask for the messages before the oldest stored one. */
  async function askOlder(
    app: Awaited<ReturnType<typeof linked>>['app'],
    sessionId: string,
    timeoutMs = 10_000,
  ) {
    const [oldest] = await stored(sessionId);
    if (!oldest) throw new Error('nothing stored');
    const key = { remoteJid: SUPPORT, id: oldest.waId, fromMe: false, participant: CARLA };
    const { answer } = await app.whatsapp.gateway.requestOlder(
      sessionId,
      SUPPORT,
      { key, timestamp: oldest.timestamp },
      50,
      timeoutMs,
    );
    return answer;
  }

  it('a page holding only group notices is an answer, and the next request starts before them', async () => {
    const { app, sessionId, socket } = await linked();
    // Before the stored messages the phone holds pages of notices (people joining), then the chat's start.
    const [first] = await stored(sessionId);
    let from = { id: first?.waId, timestamp: T0 + 1_001 };
    for (let page = 1; page <= 3; page++) {
      const answer = askOlder(app, sessionId);
      await eventually(() => socket.calls.fetchMessageHistory.length === page, 5_000, `request ${page}`);
      // Each request starts at the oldest item the phone sent so far, stored or not.
      const asked = socket.calls.fetchMessageHistory.at(-1);
      expect({ id: asked?.key.id, timestamp: asked?.timestamp }).toEqual(from);
      const notices: WAMessage[] = [
        groupNotice(SUPPORT, CARLA, from.timestamp - 1),
        groupNotice(SUPPORT, CARLA, from.timestamp - 2),
      ];
      await socket.history({
        messages: notices,
        syncType: HistorySyncType.ON_DEMAND,
        peerDataRequestSessionId: `PDO-${page}`,
      });
      expect(await answer).toEqual({ received: 2, stored: 0, startOfChat: false });
      from = { id: notices[1]?.key.id ?? '', timestamp: from.timestamp - 2 };
      await new Promise((resolve) => setTimeout(resolve, GAP_MS + 10));
    }
    // Three answers a gap apart that stored nothing are not the start of the chat.
    expect(await historyComplete(sessionId)).toBe(false);
  });

  it('an answer flushed together with a later history chunk still answers its request', async () => {
    const { app, sessionId, socket } = await linked();
    const answer = askOlder(app, sessionId);
    await eventually(() => socket.calls.fetchMessageHistory.length === 1, 5_000, 'the request');
    const older = [
      groupMessage(SUPPORT, CARLA, 'older 1', { timestamp: T0 + 900 }),
      groupMessage(SUPPORT, CARLA, 'older 2', { timestamp: T0 + 901 }),
    ];
    // The phone's answer and a chunk of the running full sync arrive within one flush: the buffer keeps the
    // later one's syncType and request id for both (event-buffer.js:257, 285).
    await socket.buffered(async () => {
      await socket.history({
        messages: older,
        syncType: HistorySyncType.ON_DEMAND,
        peerDataRequestSessionId: 'PDO-1',
      });
      await socket.history({
        messages: [groupMessage(SUPPORT, CARLA, 'newer', { timestamp: T0 + 1_100 })],
        syncType: HistorySyncType.FULL,
      });
    });
    expect(await answer).toEqual({ received: 2, stored: 2, startOfChat: false });
    expect((await stored(sessionId)).map((row) => row.timestamp)).toEqual([
      T0 + 900,
      T0 + 901,
      T0 + 1_001,
      T0 + 1_002,
      T0 + 1_003,
      T0 + 1_100,
    ]);
  });
});
