import type {
  GroupMessagesResponse,
  GroupsResponse,
  PollState,
  SendPollResponse,
  ServerEvent,
  Ticket,
  TicketDetailsResponse,
} from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { SignedIn } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { eventually, linkScriptedBaileys, post } from '../../../test/helpers/whatsapp';
import {
  groupMessage,
  groupMetadata,
  pollMessage,
  type ScriptedSocket,
  type ScriptedVote,
} from '../../../test-support/whatsapp/scripted-whatsapp';
import { internalsOf } from '../../app-internals';
import { deskReplies, waMessages, waPolls } from '../../db/schema';
import { pollContent } from '../../whatsapp/polls';
import { toServerEvent } from '../events/event-hub';

// Polls through the whole server with the real Baileys driver over the scripted socket: votes arrive as
// pollUpdateMessages encrypted as WhatsApp encrypts them (rc14 no longer decrypts them, Utils/process-message.js:
// 576-624), are read by the driver and counted per voter; a vote is never a message and never touches a ticket
// (docs/decisions/0018, polls).
const SUPPORT = '120363000000000001@g.us';
const ME = { pn: '4917000000009@s.whatsapp.net', lid: '99000000000009@lid' };
const CARLA = { id: '201234567890123@lid', phoneNumber: '4915112345678@s.whatsapp.net' };
const DAVE = { id: '201234567890124@lid', phoneNumber: '4915112345679@s.whatsapp.net' };
const ERIN = { id: '201234567890125@lid', phoneNumber: '4915112345670@s.whatsapp.net' };
const OPTIONS = ['Great', 'Fine', 'Poor'];

describeWithDatabase('poll votes (Baileys driver, whole server)', (ctx) => {
  /** A linked session over the scripted socket, with a ticket Carla opened in the Support group. */
  async function desk() {
    const { app, owner, sessionId, socket } = await linkScriptedBaileys(
      ctx.buildApp,
      [groupMetadata(SUPPORT, 'Support', [{ id: ME.lid, phoneNumber: ME.pn }, CARLA, DAVE, ERIN])],
      ME,
    );
    // The group's members (and their numbers) are stored before anyone writes.
    await eventually(
      async () => (await post<GroupsResponse>(app, owner, '/api/getGroups/')).body.groups_count,
    );
    await socket.live([
      groupMessage(SUPPORT, CARLA.id, 'Where is my parcel?', {
        participantAlt: CARLA.phoneNumber,
        pushName: 'Carla',
      }),
    ]);
    const ticket = await eventually(async () => {
      await settled(app, sessionId);
      return (await org<Ticket[]>(app, owner, 'getTickets')).body[0];
    });
    return { app, owner, sessionId, socket, ticket };
  }

  async function settled(app: FastifyInstance, sessionId: string) {
    await app.whatsapp.gateway.settled(sessionId);
    await internalsOf(app).ticketProcessor.settled();
  }

  async function pollOnPage(app: FastifyInstance, owner: SignedIn, sessionId: string, waId: string) {
    const page = await post<GroupMessagesResponse>(app, owner, '/api/getGroupsMsg/', {
      session_id: sessionId,
      group_id: SUPPORT,
    });
    return page.body.messages.find((m) => m.id === waId)?.poll ?? null;
  }

  /** Waits until the poll on the group's page passes `check`. */
  const pollWhen = (
    app: FastifyInstance,
    owner: SignedIn,
    sessionId: string,
    waId: string,
    check: (poll: PollState) => boolean,
  ) =>
    eventually(async () => {
      const poll = await pollOnPage(app, owner, sessionId, waId);
      return poll && check(poll) ? poll : null;
    });

  /** Carla's poll as her phone sends it, posted live, and votes on it as members' clients encrypt them. */
  async function carlasPoll(socket: ScriptedSocket, extra: { multiple?: boolean } = {}) {
    const poll = pollMessage(SUPPORT, CARLA.id, 'How was the help?', OPTIONS, {
      participantAlt: CARLA.phoneNumber,
      timestamp: Math.floor(Date.now() / 1000),
      ...extra,
    });
    await socket.live([poll]);
    return { poll, ...voting(poll) };
  }

  function voting(poll: ReturnType<typeof pollMessage>) {
    const secret = pollContent(poll.message)?.secret as Uint8Array;
    const waId = poll.key.id ?? '';
    // Dave's client names the creator by LID and the voter by number (Baileys #2342); his stanza has both.
    const vote = (options: string[], extra: Partial<ScriptedVote> = {}): ScriptedVote => ({
      group: SUPPORT,
      pollId: waId,
      pollAuthor: CARLA.id,
      secret,
      voter: DAVE.id,
      voterAlt: DAVE.phoneNumber,
      creatorJid: CARLA.id,
      voterJid: DAVE.phoneNumber,
      options,
      ...extra,
    });
    return { waId, secret, vote };
  }

  const counts = (poll: PollState) => Object.fromEntries(poll.options.map((o) => [o.name, o.voters.length]));

  it('counts a vote with its voter named, replaces it with the voter’s newer vote, and says so as poll.updated', async () => {
    const { app, owner, sessionId, socket } = await desk();
    const seen: ServerEvent[] = [];
    internalsOf(app).bus.onCluster((name, event) => seen.push(toServerEvent(name, event as never)));
    const { waId, vote } = await carlasPoll(socket);
    const fresh = await pollWhen(app, owner, sessionId, waId, () => true);
    expect(fresh).toMatchObject({
      question: 'How was the help?',
      multiple: false,
      countable: true,
      voters: 0,
    });
    // Published after the insert that the page already reads: waited for, not assumed.
    await eventually(() =>
      seen.some(
        (e) => e.type === 'messages.new' && e.messages.some((m) => m.id === waId && m.poll?.voters === 0),
      ),
    );

    const at = Date.now();
    await socket.pollVote(vote(['Fine'], { timestampMs: at }));
    const counted = await pollWhen(app, owner, sessionId, waId, (p) => p.voters === 1);
    expect(counts(counted)).toEqual({ Great: 0, Fine: 1, Poor: 0 });
    expect(counted.options[1]?.voters).toEqual([
      { name: null, number: '4915112345679', from_me: false, at: new Date(at).toISOString() },
    ]);

    await socket.pollVote(vote(['Great'], { timestampMs: at + 1_000 }));
    const changed = await pollWhen(app, owner, sessionId, waId, (p) => p.options[0]?.voters.length === 1);
    expect(counts(changed)).toEqual({ Great: 1, Fine: 0, Poor: 0 });
    expect(changed.voters).toBe(1);
    // A vote delivered late (cast before the one kept) changes nothing.
    await socket.pollVote(vote(['Poor'], { timestampMs: at + 500 }));
    // Erin's vote comes after it on the same connection: once hers is counted, the late one was read too.
    await socket.pollVote(
      vote(['Fine'], { voter: ERIN.id, voterAlt: ERIN.phoneNumber, voterJid: ERIN.phoneNumber }),
    );
    const after = await pollWhen(app, owner, sessionId, waId, (p) => p.voters === 2);
    expect(counts(after)).toEqual({ Great: 1, Fine: 1, Poor: 0 });
    const updated = await eventually(() =>
      seen.find(
        (e) => e.type === 'poll.updated' && e.poll.voters === 1 && e.poll.options[0]?.voters.length === 1,
      ),
    );
    expect(updated).toEqual({
      type: 'poll.updated',
      session_id: sessionId,
      group_id: SUPPORT,
      wa_id: waId,
      poll: changed,
    });
  });

  it('counts a multiple-choice voter once, and a LID voter named from the group’s members', async () => {
    const { app, owner, sessionId, socket } = await desk();
    const { waId, vote } = await carlasPoll(socket, { multiple: true });
    await socket.pollVote(vote(['Great', 'Poor']));
    // Erin's stanza names her by LID only, and her client encrypts naming her LID: her number comes from the
    // group's member list.
    await socket.pollVote(
      vote(['Poor'], { voter: ERIN.id, voterJid: ERIN.id, voterAlt: undefined as unknown as string }),
    );
    const poll = await pollWhen(app, owner, sessionId, waId, (p) => p.voters === 2);
    expect(poll.multiple).toBe(true);
    expect(counts(poll)).toEqual({ Great: 1, Fine: 0, Poor: 2 });
    expect(poll.options[2]?.voters.map((v) => v.number)).toEqual(['4915112345679', '4915112345670']);
  });

  it('counts a vote on a poll from the history', async () => {
    const { app, owner, sessionId, socket } = await desk();
    const old = pollMessage(SUPPORT, CARLA.id, 'Which day suits you?', ['Monday', 'Friday'], {
      participantAlt: CARLA.phoneNumber,
    });
    await socket.history({ messages: [old] });
    await settled(app, sessionId);
    const { waId, vote } = voting(old);
    await socket.pollVote({ ...vote(['Friday']), pollAuthor: CARLA.id });
    const poll = await pollWhen(app, owner, sessionId, waId, (p) => p.voters === 1);
    expect(counts(poll)).toEqual({ Monday: 0, Friday: 1 });
  });

  it('shows a poll whose secret never came as not countable', async () => {
    const { app, owner, sessionId, socket } = await desk();
    const old = pollMessage(SUPPORT, CARLA.id, 'Old poll', ['A', 'B'], { secret: null });
    await socket.history({ messages: [old] });
    await settled(app, sessionId);
    expect(await pollOnPage(app, owner, sessionId, old.key.id ?? '')).toMatchObject({
      countable: false,
      voters: 0,
      options: [
        { name: 'A', voters: [] },
        { name: 'B', voters: [] },
      ],
    });
  });

  it('never stores a vote as a message, never reopens a ticket, and moves no last message or unread count', async () => {
    const { app, owner, sessionId, socket, ticket } = await desk();
    const { waId, vote } = await carlasPoll(socket);
    // The poll is a customer message: it joins Carla's ticket before the ticket is closed.
    await pollWhen(app, owner, sessionId, waId, () => true);
    await settled(app, sessionId);
    const closed = await org(app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    expect(closed.status).toBe(200);
    const before = (await post<GroupsResponse>(app, owner, '/api/getGroups/')).body.groups[0];

    await socket.pollVote(vote(['Great']));
    await pollWhen(app, owner, sessionId, waId, (p) => p.voters === 1);
    await settled(app, sessionId);

    const tickets = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    expect(tickets.map((t) => [t.id, t.status])).toEqual([[ticket.id, 'close']]);
    const after = (await post<GroupsResponse>(app, owner, '/api/getGroups/')).body.groups[0];
    expect(after?.last_message).toEqual(before?.last_message);
    expect(after?.unread_count).toBe(before?.unread_count);
    const rows = await ctx.db
      .select({ type: waMessages.messageType })
      .from(waMessages)
      .where(eq(waMessages.sessionId, sessionId));
    expect(rows.map((r) => r.type).sort()).toEqual(['chat', 'poll_creation']);
  });

  it('ignores a tampered vote without disturbing the session, and counts the next one', async () => {
    const { app, owner, sessionId, socket } = await desk();
    const { waId, vote } = await carlasPoll(socket);
    await socket.pollVote(vote(['Great'], { tamper: true }));
    await socket.pollVote(
      vote(['Poor'], { voter: ERIN.id, voterAlt: ERIN.phoneNumber, voterJid: ERIN.phoneNumber }),
    );
    const poll = await pollWhen(app, owner, sessionId, waId, (p) => p.voters === 1);
    expect(counts(poll)).toEqual({ Great: 0, Fine: 0, Poor: 1 });
    expect(app.whatsapp.gateway.state(sessionId)?.status).toBe('connected');
  });

  it('sends a poll from the desk as a reply, keeps its secret, and counts votes on it in the conversation', async () => {
    const { app, owner, sessionId, socket, ticket } = await desk();
    const sent = await org<SendPollResponse>(app, owner, 'sendPoll', {
      ticket_id: ticket.id,
      question: 'How did we do?',
      options: ['Good', 'Bad'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.poll).toEqual({
      question: 'How did we do?',
      multiple: false,
      countable: true,
      voters: 0,
      options: [
        { name: 'Good', voters: [] },
        { name: 'Bad', voters: [] },
      ],
    });
    const waId = sent.body.wa_id;
    // What Baileys relayed is a V3 poll with a secret; the desk recorded it as a reply, and the echo stored it.
    const relayed = socket.calls.relayed.find((r) => r.id === waId);
    const secret = pollContent(relayed?.message)?.secret as Uint8Array;
    expect(relayed?.message.pollCreationMessageV3?.options?.map((o) => o.optionName)).toEqual([
      'Good',
      'Bad',
    ]);
    const [reply] = await ctx.db.select().from(deskReplies).where(eq(deskReplies.waId, waId));
    expect(reply).toMatchObject({ ticketId: ticket.id, body: 'How did we do?' });
    const stored = await eventually(async () => {
      await settled(app, sessionId);
      const [row] = await ctx.db
        .select()
        .from(waPolls)
        .where(and(eq(waPolls.sessionId, sessionId), eq(waPolls.waId, waId)));
      return row;
    });
    expect(stored.secret).toBe(Buffer.from(secret).toString('base64'));

    await socket.pollVote({
      group: SUPPORT,
      pollId: waId,
      pollAuthor: ME.lid,
      secret,
      voter: CARLA.id,
      voterAlt: CARLA.phoneNumber,
      creatorJid: ME.lid,
      voterJid: CARLA.phoneNumber,
      options: ['Good'],
    });
    const conversation = await eventually(async () => {
      const details = await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', {
        ticket_id: ticket.id,
      });
      const message = details.body.conversations.find((m) => m.wa_id === waId);
      return message?.poll?.voters === 1 ? details.body : null;
    });
    const message = conversation.conversations.find((m) => m.wa_id === waId);
    expect(message?.is_business).toBe(true);
    expect(message?.poll?.options[0]?.voters).toMatchObject([{ name: 'Carla', number: '4915112345678' }]);
    expect(message?.reply?.status).toBeDefined();
    // The secret is never answered.
    expect(JSON.stringify(conversation)).not.toContain(Buffer.from(secret).toString('base64'));
    expect(conversation.ticket.first_response_at).not.toBeNull();
  });
});
