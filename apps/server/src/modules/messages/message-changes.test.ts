import type { GroupMessage, GroupMessagesResponse } from '@wadesk/contract';
import { proto, type WAMessage } from 'baileys';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { liveWaMessage } from '../../../test/helpers/live-message';
import { post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { ticketMessages, tickets, waLiveQueue, waMessageEdits } from '../../db/schema';
import type { MessageChange } from './message-changes';

// Reactions, edits and deletes of stored group messages (decision 0026), ingested as Baileys hands them over
// (proto.WebMessageInfo.fromObject, its real field names), read back through the group page, and never a
// ticket's business: the ticket keeps what the customer first wrote.
const GROUP = '120363000000000001@g.us';
const CARLA = '4915112345678@s.whatsapp.net';
const DAN = '4915122222222@s.whatsapp.net';
const EVE = '4915133333333@s.whatsapp.net';
const T = 1_800_000_000;

let counter = 0;
/** A WAMessage from `sender` (null: the linked account) carrying `message`. */
function envelope(sender: string | null, message: proto.IMessage, timestamp: number, pushName?: string) {
  counter += 1;
  return proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: GROUP,
      fromMe: sender === null,
      id: `3EB0CHANGE${String(counter).padStart(6, '0')}`,
      ...(sender ? { participant: sender } : {}),
    },
    messageTimestamp: timestamp,
    ...(pushName ? { pushName } : {}),
    message,
  }) as WAMessage;
}

const reaction = (sender: string | null, targetId: string, text: string, at: number, pushName?: string) =>
  envelope(
    sender,
    {
      reactionMessage: {
        key: { remoteJid: GROUP, fromMe: false, id: targetId, participant: CARLA },
        text,
        senderTimestampMs: at * 1000,
      },
    },
    at,
    pushName,
  );

const edit = (sender: string, targetId: string, text: string, at: number) =>
  envelope(
    sender,
    {
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { remoteJid: GROUP, fromMe: false, id: targetId, participant: sender },
        editedMessage: { conversation: text },
      },
    },
    at,
  );

const revoke = (sender: string, targetId: string, at: number) =>
  envelope(
    sender,
    {
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.REVOKE,
        key: { remoteJid: GROUP, fromMe: false, id: targetId, participant: sender },
      },
    },
    at,
  );

describeWithDatabase('reactions, edits and deletes of stored messages', (ctx) => {
  async function setUp() {
    const desk = await deskFixture(ctx);
    // The group is stored, as the phone's group list would store it (a page needs it).
    await desk.groupMode(GROUP, 'per_customer');
    const ref = { id: desk.sessionId, organisationId: desk.organisationId };
    const store = internalsOf(ctx.app).messageStore;
    const ingest = async (messages: WAMessage[]) => {
      await store.ingest(ref, messages, 'live');
      await internalsOf(ctx.app).ticketProcessor.settled();
    };
    const page = async (): Promise<Map<string, GroupMessage>> => {
      const answer = await post<GroupMessagesResponse>(ctx.app, desk.user, '/api/getGroupsMsg/', {
        session_id: desk.sessionId,
        group_id: GROUP,
      });
      expect(answer.status).toBe(200);
      return new Map(answer.body.messages.map((m) => [m.id, m]));
    };
    const ticketState = async () => ({
      tickets: await ctx.db.select({ id: tickets.id, status: tickets.status }).from(tickets),
      messages: await ctx.db
        .select({ waId: ticketMessages.waId, message: ticketMessages.message })
        .from(ticketMessages),
      queued: (await ctx.db.select({ n: count() }).from(waLiveQueue))[0]?.n,
    });
    const changes: MessageChange[] = [];
    internalsOf(ctx.app).bus.on('message.updated', (change) => {
      changes.push(change);
    });
    return { ...desk, ref, store, ingest, page, ticketState, changes };
  }

  it('keeps one reaction per person: a newer one replaces theirs, an older one does not, an empty one removes it', async () => {
    const { say, ingest, page, ticketState, changes } = await setUp();
    const asked = await say({ body: 'My parcel is late', timestamp: T });
    const before = await ticketState();
    expect(before.tickets).toHaveLength(1);

    await ingest([
      reaction(DAN, asked, '👍', T + 10, 'Dan'),
      reaction(EVE, asked, '👍', T + 11, 'Eve'),
      reaction(null, asked, '❤️', T + 12),
    ]);
    expect((await page()).get(asked)?.reactions).toEqual([
      {
        emoji: '👍',
        count: 2,
        by: [
          { name: 'Dan', number: '4915122222222', from_me: false },
          { name: 'Eve', number: '4915133333333', from_me: false },
        ],
      },
      { emoji: '❤️', count: 1, by: [{ name: null, number: '4930000000000', from_me: true }] },
    ]);

    await ingest([
      // Dan changes his mind; a redelivered older reaction of his does not undo it.
      reaction(DAN, asked, '🙏', T + 20),
      reaction(DAN, asked, '😂', T + 15),
      // Eve takes hers back.
      reaction(EVE, asked, '', T + 21),
    ]);
    const after = (await page()).get(asked);
    expect(after?.reactions).toEqual([
      { emoji: '❤️', count: 1, by: [{ name: null, number: '4930000000000', from_me: true }] },
      { emoji: '🙏', count: 1, by: [{ name: 'Dan', number: '4915122222222', from_me: false }] },
    ]);
    // Each change was told with the message's reactions then; the last one matches the page.
    expect(changes.at(-1)).toMatchObject({ waId: asked, groupJid: GROUP });
    expect(changes.at(-1)?.reactions?.map((r) => r.emoji)).toEqual(['❤️', '🙏']);
    // Reactions never open, reopen or move a ticket, and never queue.
    expect(await ticketState()).toEqual(before);
  });

  it('shows the current text with its earlier ones, while the ticket keeps what the customer first wrote', async () => {
    const { say, ingest, page, ticketState, changes } = await setUp();
    const asked = await say({ body: 'Deliver to Main Sr 5', timestamp: T });
    const before = await ticketState();

    await ingest([
      edit(CARLA, asked, 'Deliver to Main St 5', T + 30),
      // Dan is not the author: his "edit" changes nothing.
      edit(DAN, asked, 'Deliver to my house instead', T + 40),
      edit(CARLA, asked, 'Deliver to Main St 5, back door', T + 60),
    ]);
    const shown = (await page()).get(asked);
    expect(shown).toMatchObject({
      body: 'Deliver to Main St 5, back door',
      edited_at: T + 60,
      edits: [
        { body: 'Deliver to Main Sr 5', replaced_at: T + 30 },
        { body: 'Deliver to Main St 5', replaced_at: T + 60 },
      ],
    });
    expect(changes.at(-1)?.edit).toEqual({
      body: 'Deliver to Main St 5, back door',
      editedAt: T + 60,
      edits: shown?.edits,
    });
    // The ticket's copy and state are as they were.
    expect(await ticketState()).toEqual(before);
    expect(before.messages).toEqual([{ waId: asked, message: 'Deliver to Main Sr 5' }]);

    // An edit redelivered, or older than the one applied, changes nothing.
    await ingest([edit(CARLA, asked, 'Deliver to Main St 5', T + 30)]);
    expect((await page()).get(asked)?.body).toBe('Deliver to Main St 5, back door');
  });

  it('opens the ticket with the first text when the edit arrives before the engine took the message', async () => {
    const { ingest, page, ticketState } = await setUp();
    const first = liveWaMessage({ body: 'Refund order 4821', timestamp: T, from: '4915112345678' });
    const id = first.key.id ?? '';
    await ingest([first, edit(CARLA, id, 'Refund order 4822', T + 5)]);
    expect((await page()).get(id)?.body).toBe('Refund order 4822');
    const state = await ticketState();
    expect(state.tickets).toHaveLength(1);
    expect(state.messages).toEqual([{ waId: id, message: 'Refund order 4821' }]);
  });

  it('says who deleted a message and when, drops its earlier texts and reactions, and leaves the ticket its text', async () => {
    const { say, ingest, page, ticketState, changes } = await setUp();
    const asked = await say({ body: 'My card number is 4111 1111', timestamp: T });
    await ingest([
      reaction(DAN, asked, '😮', T + 5),
      edit(CARLA, asked, 'My card number is 4111 1112', T + 6),
    ]);
    const before = await ticketState();

    await ingest([revoke(CARLA, asked, T + 90)]);
    const shown = (await page()).get(asked);
    expect(shown).toMatchObject({
      message_type: 'revoked',
      body: '',
      revoked_by: null,
      deleted_at: T + 90,
      edited_at: null,
      reactions: [],
    });
    expect(shown?.edits).toBeUndefined();
    expect(await ctx.db.select().from(waMessageEdits).where(eq(waMessageEdits.waId, asked))).toEqual([]);
    expect(changes.at(-1)).toMatchObject({ waId: asked, deleted: { revokedBy: null, at: T + 90 } });
    // The ticket keeps what the customer wrote; nothing moved.
    expect(await ticketState()).toEqual(before);
    expect(before.messages[0]?.message).toBe('My card number is 4111 1111');
  });

  it('answers another organisation no page of the group', async () => {
    const { sessionId } = await setUp();
    const other = await signUpVerified(ctx.app, { email: 'mallory@example.com' });
    const answer = await post(ctx.app, other, '/api/getGroupsMsg/', {
      session_id: sessionId,
      group_id: GROUP,
    });
    expect(answer.status).toBe(404);
  });
});
