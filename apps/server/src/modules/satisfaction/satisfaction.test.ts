import {
  type ReportSummaryResponse,
  SATISFACTION_OPTIONS,
  SATISFACTION_QUESTION,
  type SessionGroup,
  type Ticket,
  type TicketDetailsResponse,
} from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org, say } from '../../../test/helpers/desk';
import { teammate } from '../../../test/helpers/team';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { auditLog, deskReplies, satisfactionPolls, users } from '../../db/schema';

// The satisfaction poll (docs/decisions/0030-satisfaction-polls.md) through the simulated phone: a member's
// close sends "How did we do?" as a reply to the customer, the customer's vote (encrypted with the poll's
// secret, read like a real one) becomes the ticket's score, and Reports count it.
describeWithDatabase('satisfaction polls (simulator)', (ctx) => {
  const [EXCELLENT, GOOD, , POOR] = SATISFACTION_OPTIONS;

  async function desk() {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(app);
    const { sessionId, groups } = await linkSession(app, owner);
    const [ann] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    if (!ann) throw new Error('no owner');
    // The member who closes: credited with the customer's answer.
    const admin = await teammate(app, ctx.db, ann.organisationId, 'bob@example.com', 'admin');
    const group = groups[0] as SessionGroup;
    const members = app.whatsapp.simulator?.groups(sessionId).find((g) => g.jid === group.group_id)?.members;
    const customer = members?.[1];
    const bystander = members?.[2];
    if (!customer || !bystander) throw new Error('the simulated group has too few members');
    return { app, owner, admin, sessionId, group, customer, bystander };
  }

  type Desk = Awaited<ReturnType<typeof desk>>;

  /** The customer writes; answers their ticket and the message's WhatsApp id. */
  async function customerWrites(d: Desk, body: string, who = d.customer) {
    const waId = await say(d.app, d.owner, d.sessionId, {
      group_id: d.group.group_id,
      body,
      author_phone: who.phone,
      author_name: who.name,
    });
    const tickets = (await org<Ticket[]>(d.app, d.owner, 'getTickets')).body;
    const ticket = tickets.find((t) => t.customer_number === `+${who.phone}` && t.status !== 'close');
    if (!ticket) throw new Error('no active ticket for the customer');
    return { ticket, waId };
  }

  /** A member closes the ticket; resolves once its poll (if any) was sent and its echo applied. */
  async function close(d: Desk, user: SignedIn, ticketId: number) {
    const res = await org(d.app, user, 'updateTicketStatus', { ticket_id: ticketId, status: 'close' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await internalsOf(d.app).satisfaction.settled();
    await d.app.whatsapp.gateway.settled(d.sessionId);
    await internalsOf(d.app).ticketProcessor.settled();
  }

  const sentPolls = (d: Desk) =>
    (d.app.whatsapp.simulator?.sent(d.sessionId) ?? []).filter(
      (m) => m.message?.pollCreationMessageV3 || m.message?.pollCreationMessage,
    );

  const ticketOf = async (d: Desk, ticketId: number) =>
    (await org<TicketDetailsResponse>(d.app, d.owner, 'getTicketsDetails', { ticket_id: ticketId })).body;

  const vote = (d: Desk, pollWaId: string, option: string, voter = d.customer) =>
    post<{ message?: string }>(d.app, d.owner, `/sim/sessions/${d.sessionId}/poll-vote`, {
      group_id: d.group.group_id,
      wa_id: pollWaId,
      options: option ? [option] : [],
      voter: voter.phone,
    });

  const scoreOf = async (d: Desk, ticketId: number, expected: number | null) =>
    eventually(async () => {
      const { ticket } = await ticketOf(d, ticketId);
      return ticket.satisfaction?.score === expected ? ticket : null;
    });

  it('is off by default; switched on, a close asks the customer, and only their vote scores the ticket', async () => {
    const d = await desk();
    const first = await customerWrites(d, 'Where is my parcel?');
    await close(d, d.owner, first.ticket.id);
    expect(sentPolls(d)).toEqual([]);
    expect((await ticketOf(d, first.ticket.id)).ticket.satisfaction).toBeNull();

    expect((await org(d.app, d.owner, 'updateSettings', { satisfaction_poll: true })).status).toBe(200);
    // Written again after the close: the reopen window brings the same ticket back; closed again, it asks.
    const again = await customerWrites(d, 'It still has not come');
    expect(again.ticket.id).toBe(first.ticket.id);
    await close(d, d.admin, again.ticket.id);

    const [poll] = sentPolls(d);
    const content = poll?.message?.pollCreationMessageV3;
    expect(content?.name).toBe(SATISFACTION_QUESTION);
    expect(content?.options?.map((o) => o.optionName)).toEqual([...SATISFACTION_OPTIONS]);
    expect(content?.selectableOptionsCount).toBe(1);
    // A reply to the customer's newest message.
    // (msg_id reads fromMe_group_id_author: the WhatsApp id is its third part.)
    expect(content?.contextInfo?.stanzaId).toBe(again.waId.split('_')[2]);
    expect(content?.contextInfo?.participant).toBe(`${d.customer.phone}@s.whatsapp.net`);
    const pollWaId = poll?.key.id ?? '';

    // Recorded as the desk's own message: automatic, audited as such, no member's reply.
    expect(await ctx.db.select().from(deskReplies).where(eq(deskReplies.waId, pollWaId))).toMatchObject([
      { ticketId: first.ticket.id, userId: null, automatic: true, body: SATISFACTION_QUESTION },
    ]);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.reply_sent'));
    expect(audits.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ ticket_id: first.ticket.id, automatic: 'satisfaction poll', poll: true }),
    );
    // The desk's own message answers nobody: no first response, still closed.
    const asked = await ticketOf(d, first.ticket.id);
    expect(asked.ticket).toMatchObject({
      status: 'close',
      first_response_at: null,
      satisfaction: { score: null },
    });
    // Its echo joined the conversation as the poll it is.
    expect(asked.conversations.find((m) => m.wa_id === pollWaId)?.poll?.question).toBe(SATISFACTION_QUESTION);
    const [stored] = await ctx.db
      .select()
      .from(satisfactionPolls)
      .where(eq(satisfactionPolls.ticketId, first.ticket.id));
    expect(stored).toMatchObject({ closedByUserId: d.admin.id, pollWaId, score: null });

    // Someone else in the group votes: not the ticket's customer, so it does not count.
    expect((await vote(d, pollWaId, EXCELLENT, d.bystander)).status).toBe(200);
    await eventually(async () => {
      const { conversations } = await ticketOf(d, first.ticket.id);
      return conversations.find((m) => m.wa_id === pollWaId)?.poll?.voters === 1 ? true : null;
    });
    expect((await ticketOf(d, first.ticket.id)).ticket.satisfaction?.score).toBeNull();

    // The customer votes, changes their mind, takes it back and votes again: the newest vote counts.
    expect((await vote(d, pollWaId, POOR as string)).status).toBe(200);
    await scoreOf(d, first.ticket.id, 2);
    expect((await vote(d, pollWaId, GOOD as string)).status).toBe(200);
    const rated = await scoreOf(d, first.ticket.id, 4);
    // A vote is no message: the ticket stays closed.
    expect(rated.status).toBe('close');

    // Reports: asked once, answered once, credited to the member who closed it.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const summary = await org<ReportSummaryResponse>(d.app, d.owner, 'getReportSummary', {
      from: today,
      to: tomorrow,
      group_by: 'member',
      calendar: 'wall',
    });
    expect(summary.body.rows.find((r) => r.key === `member:${d.admin.id}`)?.csat).toEqual({
      asked: 1,
      responses: 1,
      average: 4,
    });
    const csv = await d.app.inject({
      method: 'GET',
      url: `/org/ticketsReport.csv?from=${today}&to=${tomorrow}`,
      headers: d.owner.headers,
    });
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header?.split(',').at(-1)).toBe('satisfaction');
    expect(line?.split(',').at(-1)).toBe('4');
  });

  it('asks a customer of a group at most once a day, and a group can turn it off', async () => {
    const d = await desk();
    await org(d.app, d.owner, 'updateSettings', { satisfaction_poll: true });
    const first = await customerWrites(d, 'Hello?');
    await close(d, d.owner, first.ticket.id);
    expect(sentPolls(d)).toHaveLength(1);
    // The same customer, the same day: reopened and closed again, not asked again.
    const again = await customerWrites(d, 'One more thing');
    await close(d, d.owner, again.ticket.id);
    expect(sentPolls(d)).toHaveLength(1);
    expect(await ctx.db.select().from(satisfactionPolls)).toHaveLength(1);

    // The group says off: another customer's close asks nothing, whatever the organisation says.
    const set = await post<{ satisfaction_poll: string }>(d.app, d.owner, '/api/setGroupSatisfactionPoll/', {
      session_id: d.sessionId,
      group_id: d.group.group_id,
      satisfaction_poll: 'off',
    });
    expect(set.body).toMatchObject({ success: true, satisfaction_poll: 'off' });
    const other = await customerWrites(d, 'Hi there', d.bystander);
    await close(d, d.owner, other.ticket.id);
    expect(sentPolls(d)).toHaveLength(1);
    const groups = await post<{ groups: SessionGroup[] }>(d.app, d.owner, '/api/getGroups/', {});
    expect(groups.body.groups.find((g) => g.group_id === d.group.group_id)?.satisfaction_poll).toBe('off');
  });

  it('refuses a bad setting with its words and changes nothing; a member may not change a group', async () => {
    const d = await desk();
    const bad = await post<{ message: string }>(d.app, d.owner, '/api/setGroupSatisfactionPoll/', {
      session_id: d.sessionId,
      group_id: d.group.group_id,
      satisfaction_poll: 'sometimes',
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'The satisfaction poll must be organisation, on or off.' },
    });
    const settings = await org<{ message: string }>(d.app, d.owner, 'updateSettings', {
      satisfaction_poll: 'yes',
    });
    expect(settings).toMatchObject({
      status: 400,
      body: { message: 'The satisfaction poll is either on or off.' },
    });
    const [ann] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const member = await teammate(
      d.app,
      ctx.db,
      ann?.organisationId ?? 0,
      'cid@example.com',
      'member',
      'Cid',
    );
    const refused = await post<{ message: string }>(d.app, member, '/api/setGroupSatisfactionPoll/', {
      session_id: d.sessionId,
      group_id: d.group.group_id,
      satisfaction_poll: 'on',
    });
    expect(refused.status).toBe(403);
    const groups = await post<{ groups: SessionGroup[] }>(d.app, d.owner, '/api/getGroups/', {});
    expect(groups.body.groups[0]?.satisfaction_poll).toBe('organisation');
    expect(
      (await org<{ satisfaction_poll: boolean }>(d.app, d.owner, 'getSettings')).body.satisfaction_poll,
    ).toBe(false);
  });
});
