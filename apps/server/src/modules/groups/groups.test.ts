import {
  type GroupMessage,
  type GroupMessagesResponse,
  type GroupsResponse,
  groupMessages,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import { type signUp, signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';

describeWithDatabase('groups and group messages', (ctx) => {
  const app = () => ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
  const page = (
    server: Awaited<ReturnType<typeof app>>,
    user: Awaited<ReturnType<typeof signUp>>,
    payload: object,
  ) => post<GroupMessagesResponse>(server, user, '/api/getGroupsMsg/', payload);
  /**
   * A page back in time, asked again while the phone still owes its answer (`history_pending`), as the
   * web client does when the history event arrives: a loaded machine may answer after `historyWaitMs`.
   */
  const prevPage = async (
    server: Awaited<ReturnType<typeof app>>,
    user: Awaited<ReturnType<typeof signUp>>,
    payload: object,
  ) =>
    (
      await eventually(
        async () => {
          const answer = await page(server, user, { ...payload, msg_type: 'prev' });
          return answer.body.history_pending ? null : answer;
        },
        10_000,
        'the phone to answer with older history',
      )
    ).body;

  /**
   * Pages back from `from` until a page holds fewer than 100 messages: the start of the chat. That last
   * page is empty when the chat's first message opens a full page (the chat holds a multiple of 100).
   * `messages`: those of `from` and of every page before it, oldest first.
   */
  const walkBack = async (
    server: Awaited<ReturnType<typeof app>>,
    user: Awaited<ReturnType<typeof signUp>>,
    base: object,
    from: GroupMessagesResponse,
  ) => {
    const messages = [...from.messages];
    let last = from;
    while (last.messages.length === 100) {
      last = await prevPage(server, user, { ...base, msg_id: messages[0]?.msg_id });
      messages.unshift(...last.messages);
    }
    return { messages, last };
  };

  it("lists the groups of the organisation's active sessions", async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner, 'Sales');
    expect(groups).toHaveLength(4);
    expect(groups.find((g) => g.name === 'Acme Support')).toEqual({
      group_id: expect.stringMatching(/@g\.us$/),
      name: 'Acme Support',
      session_name: 'Sales',
      session_id: sessionId,
      last_message: expect.toBeOneOf([null, expect.objectContaining({ preview: expect.any(String) })]),
      unread_count: expect.any(Number),
      ticket_mode: 'per_customer', // a new group: one ticket per customer (decision 0020)
      satisfaction_poll: 'organisation', // follows the organisation's setting (decision 0030)
      open_tickets: expect.any(Number),
    });
    const body = (await post<GroupsResponse>(server, owner, '/api/getGroups/')).body;
    expect(body).toMatchObject({ success: true, groups_count: 4 });
    expect(body.groups.map((g) => g.name).sort()).toEqual([
      'Acme Support',
      'Delivery Partners',
      'Store Managers',
      'Weekend Sale Customers',
    ]);
    // The group with the newest message first (group-list.test.ts covers the order in detail).
    const times = body.groups.map((g) => g.last_message?.timestamp ?? -1);
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('pages by 100: newest, prev (asking the phone when the store runs out), next, and the boundaries', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const group_id = groups[0]?.group_id ?? '';
    const base = { session_id: sessionId, group_id };

    const newest = await page(server, owner, base);
    expect(newest.status).toBe(200);
    expect(newest.body.messages).toHaveLength(100);
    expect(newest.body).toMatchObject({
      success: true,
      has_more_before: true,
      has_more_after: false,
      history_pending: false,
    });
    const times = newest.body.messages.map((m) => m.timestamp);
    expect([...times].sort((a, b) => a - b)).toEqual(times); // ascending for display

    // Only 120 came with the sync after linking: the next page needs the phone's older history.
    const first = newest.body.messages[0] as GroupMessage;
    const older = await prevPage(server, owner, { ...base, msg_id: first.msg_id });
    expect(older.messages).toHaveLength(100);
    expect(older.messages.at(-1)?.timestamp).toBeLessThan(first.timestamp);

    // Walk back to the start of the chat, through all of its messages. How many it holds (250–399) is
    // drawn from the session id, and the last page holds the remainder of 100: none when it holds 300, the
    // first message alone when 301 (each about one session in 130).
    const total = server.whatsapp.simulator?.groups(sessionId).find((g) => g.jid === group_id)?.count ?? 0;
    const { messages: walked, last } = await walkBack(server, owner, base, older);
    const chat = [...walked, ...newest.body.messages];
    const ids = chat.map((m) => m.msg_id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total); // each once
    expect(last.messages).toHaveLength(total % 100);
    const firstOfChat = chat[0] as GroupMessage;
    // The phone's first empty answer proves nothing (decision 0015): the page says so and offers a retry.
    expect(last).toMatchObject({
      has_more_before: true,
      has_more_after: true,
      history_pending: false,
      history_note: groupMessages.phoneSentNothing,
    });

    // Two more empty answers, each at least the evidence gap after the last, prove the start of the chat.
    const beforeFirst = () => page(server, owner, { ...base, msg_type: 'prev', msg_id: firstOfChat.msg_id });
    // (Asked until then: on a loaded machine an answer may come after its page stopped waiting.)
    const start = await eventually(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, (FAST_WHATSAPP.historyEmptyGapMs ?? 0) + 20));
        const answer = await beforeFirst();
        return answer.body.has_more_before ? null : answer;
      },
      10_000,
      'the start of the chat',
    );
    expect(start.body).toMatchObject({
      messages: [],
      has_more_before: false,
      has_more_after: true,
      history_note: null,
    });

    const newestMessage = newest.body.messages.at(-1) as GroupMessage;
    const afterNewest = await page(server, owner, {
      ...base,
      msg_type: 'next',
      msg_id: newestMessage.msg_id,
    });
    expect(afterNewest.body).toMatchObject({ messages: [], has_more_after: false });

    const next = await page(server, owner, { ...base, msg_type: 'next', msg_id: firstOfChat.msg_id });
    expect(next.body.messages.map((m) => m.msg_id)).toEqual(chat.slice(1, 101).map((m) => m.msg_id));

    // A bare WhatsApp id works as a cursor too; an unknown one is a 404.
    const byId = await page(server, owner, { ...base, msg_type: 'prev', msg_id: newestMessage.id });
    expect(byId.body.messages.at(-1)?.msg_id).toBe(newest.body.messages.at(-2)?.msg_id);
    const unknown = await page(server, owner, { ...base, msg_type: 'prev', msg_id: 'false_x@g.us_NOPE_y' });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Message not found' } });
  });

  it("ends the walk back on an empty page that offers a retry when the chat's first message opens a page", async () => {
    // "Big History" with 300 messages, all synced after linking (decision 0025): three full pages.
    const server = await ctx.buildApp(
      {},
      { whatsapp: { ...FAST_WHATSAPP, simulator: { ...FAST_WHATSAPP.simulator, bigGroup: 300 } } },
    );
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const base = { session_id: sessionId, group_id: groups.find((g) => g.name === 'Big History')?.group_id };
    const newest = (await page(server, owner, base)).body;
    const { messages, last } = await walkBack(server, owner, base, newest);
    expect(new Set(messages.map((m) => m.msg_id)).size).toBe(300);
    // Nothing is stored before the first message and the phone's first empty answer proves nothing
    // (decision 0015): the page is empty, and says so.
    expect(last).toMatchObject({
      messages: [],
      has_more_before: true,
      has_more_after: true,
      history_pending: false,
      history_note: groupMessages.phoneSentNothing,
    });
  });

  it('answers at once with what is stored, flagged pending, when the phone does not answer', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const base = { session_id: sessionId, group_id: groups[1]?.group_id };
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'phone_offline' });
    const newest = await page(server, owner, base);
    const started = Date.now();
    const older = await page(server, owner, {
      ...base,
      msg_type: 'prev',
      msg_id: newest.body.messages[0]?.msg_id,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(older.body.messages).toHaveLength(20); // the rest of the 120 synced after linking
    expect(older.body).toMatchObject({ history_pending: true, has_more_before: true });
  });

  it('carries authors, names, quotes, previews and LID senders in the spec fields', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const lidGroup = groups.find((g) => g.name === 'Store Managers');
    const { messages } = (await page(server, owner, { session_id: sessionId, group_id: lidGroup?.group_id }))
      .body;

    const fromMember = messages.find((m) => !m.from_me && m.message_type === 'chat') as GroupMessage;
    expect(fromMember.author).toMatch(/@lid$/);
    expect(fromMember.author_name).toBeTruthy();
    expect(fromMember.author_number).toMatch(/^91\d{10}$/); // learned from the LID ↔ phone-number pairs
    expect(fromMember.msg_id).toBe(`false_${lidGroup?.group_id}_${fromMember.id}_${fromMember.author}`);

    const image = messages.find((m) => m.message_type === 'image') as GroupMessage;
    expect(image).toMatchObject({ has_media: true, mimetype: 'image/png' });
    expect(Buffer.from(image.media_base64 ?? '', 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // a JPEG

    const quoteOfMedia = messages.find((m) => m.quoted_msg?.type === 'image') as GroupMessage;
    expect(quoteOfMedia).toMatchObject({
      has_quoted_msg: true,
      quoted_msg_id: expect.any(String),
      quoted_msg: { media_base64: expect.any(String) },
    });
    const types = new Set(messages.map((m) => m.message_type));
    for (const type of ['chat', 'image', 'video', 'audio', 'ptt', 'document', 'sticker'])
      expect(types, type).toContain(type);
    expect(messages.some((m) => m.from_me && m.author === null)).toBe(true);
  });

  it('answers 400 with the spec texts for missing ids, 404 for unknown or foreign groups', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const intruder = await signUpVerified(server, { email: 'intruder@example.com' });
    const { sessionId, groups } = await linkSession(server, owner);
    const group_id = groups[0]?.group_id;
    expect((await page(server, owner, { group_id })).body).toEqual({ message: 'No session id passed' });
    expect((await page(server, owner, { session_id: sessionId })).body).toEqual({
      message: 'No group id passed',
    });
    expect((await page(server, owner, { session_id: sessionId, group_id: '1@g.us' })).status).toBe(404);
    expect((await page(server, owner, { session_id: 'nope', group_id })).status).toBe(404);

    const foreign = { session_id: sessionId, group_id };
    expect((await page(server, intruder, foreign)).body).toEqual({ message: 'Group not found' });
    expect((await post(server, intruder, '/api/syncOldMsgs/', foreign)).status).toBe(404);
    const newest = await page(server, owner, foreign);
    const media = newest.body.messages.find((m) => m.has_media) as GroupMessage;
    const download = { session_id: sessionId, chat_id: group_id, message_id: media.msg_id };
    expect((await post(server, intruder, '/api/downloadMedia/', download)).status).toBe(404);
    expect((await post(server, intruder, '/api/getGroups/')).body).toMatchObject({ groups_count: 0 });
  });
});
