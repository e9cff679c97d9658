import type { InboxResponse, ReportChartsResponse, ReportRow, ReportSummaryResponse } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bearer } from '../../../test/helpers/auth';
import { officeHours } from '../../../test/helpers/business-hours';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { teammate, userId } from '../../../test/helpers/team';
import { internalsOf } from '../../app-internals';
import { agents, deskReplies, labels, tickets, users } from '../../db/schema';

// Reports (decision 0029) against figures computed by hand from one fixture: three tickets in three groups on
// an office calendar (Mon–Fri 09:00–17:00 UTC), answered from the desk, from an agent phone nobody is linked
// to and from the phone of an agent linked to a member, one of them closed, reopened and closed again.
// On both databases.

const GROUPS = { a: 'report-a@g.us', b: 'report-b@g.us', c: 'report-c@g.us' };
const DEV = '4915100000007';
const EVE = '4915100000008';
/** Monday 2026-11-23, UTC. */
const at = (time: string, day = '2026-11-23') => new Date(`${day}T${time}:00Z`);
const TUESDAY = '2026-11-24';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const POLICY = {
  name: 'Standard',
  label_ids: [],
  first_response_minutes: 60,
  next_response_minutes: 30,
  resolution_minutes: 480,
  calendar: 'business',
  pause_while_pending: false,
};

type Desk = Awaited<ReturnType<typeof deskFixture>>;

/** The fixture's tickets, under POLICY, or with no SLA policy at all (`policies: []`). */
async function fixture(ctx: TestContext, policies: object[] = [POLICY]) {
  const desk = await deskFixture(ctx);
  const annId = await userId(ctx.db, 'ann@example.com');
  await ctx.db.update(users).set({ firstName: 'Ann', lastName: 'Lee' }).where(eq(users.id, annId));
  const bob = await teammate(ctx.app, ctx.db, desk.organisationId, 'bob@example.com');
  expect(
    (
      await org(ctx.app, desk.user, 'updateSettings', {
        business_hours: officeHours(),
        sla_policies: policies,
      })
    ).status,
  ).toBe(200);
  for (const [name, number] of [
    ['Dev', DEV],
    ['Eve', EVE],
  ])
    expect(
      (await org(ctx.app, desk.user, 'addAgent', { agent_name: name, agent_number: `+${number}` })).status,
    ).toBeLessThan(300);
  const [eve] = await ctx.db.select().from(agents).where(eq(agents.name, 'Eve'));
  const [dev] = await ctx.db.select().from(agents).where(eq(agents.name, 'Dev'));
  await ctx.db.update(users).set({ agentId: eve?.id }).where(eq(users.id, bob.id));
  for (const jid of Object.values(GROUPS)) await desk.groupMode(jid, 'watch');

  const ticketOf = async (group: string) => {
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.groupJid, group));
    if (!row) throw new Error(`no ticket in ${group}`);
    return row;
  };
  const customer = (group: string, name: string, from: string, time: Date, body = 'help please') =>
    desk.say({
      groupId: group,
      groupName: `Group ${group[7]?.toUpperCase()}`,
      from,
      name,
      body,
      timestamp: seconds(time),
    });

  // T1: Ann answers from the desk in 20 min, a next response in 10; closed at 11:00, reopened at 11:30 and
  // closed again at 12:00 (that wait is stopped by the close, credited to nobody).
  ctx.clock.set(at('10:00'));
  await customer(GROUPS.a, 'Carla', '4917000000001', at('10:00'));
  const t1 = await ticketOf(GROUPS.a);
  // A reply Ann typed at the desk: its row, then WhatsApp's echo of it.
  const fromDesk = async (waId: string, time: Date, body: string) => {
    await ctx.db.insert(deskReplies).values({
      organisationId: desk.organisationId,
      sessionId: desk.sessionId,
      groupJid: GROUPS.a,
      waId,
      ticketId: t1.id,
      userId: annId,
      body,
      content: '{}',
      status: 'sent',
    });
    await desk.say({ groupId: GROUPS.a, fromMe: true, id: waId, body, timestamp: seconds(time) });
  };
  await fromDesk('DESK0001', at('10:20'), 'checking');
  await customer(GROUPS.a, 'Carla', '4917000000001', at('10:40'), 'and the invoice?');
  await fromDesk('DESK0002', at('10:50'), 'sent');
  ctx.clock.set(at('11:00'));
  expect(
    (await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: t1.id, status: 'close' })).status,
  ).toBe(200);
  await customer(GROUPS.a, 'Carla', '4917000000001', at('11:30'), 'one more question');
  ctx.clock.set(at('12:00'));
  expect(
    (await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: t1.id, status: 'close' })).status,
  ).toBe(200);

  // T2: opened at 16:50 on Monday, Dev answers from his phone at 09:10 on Tuesday: 20 business minutes.
  await customer(GROUPS.b, 'Omar', '4917000000002', at('16:50'));
  await desk.say({
    groupId: GROUPS.b,
    from: DEV,
    name: 'Dev',
    body: 'on it',
    timestamp: seconds(at('09:10', TUESDAY)),
  });
  // T3: opened on Tuesday, Eve (Bob's phone) answers two hours later: missed.
  await customer(GROUPS.c, 'Pia', '4917000000003', at('10:00', TUESDAY));
  await desk.say({
    groupId: GROUPS.c,
    from: EVE,
    name: 'Eve',
    body: 'done',
    timestamp: seconds(at('12:00', TUESDAY)),
  });
  const t3 = await ticketOf(GROUPS.c);
  const [vip] = await ctx.db
    .insert(labels)
    .values({ organisationId: desk.organisationId, name: 'VIP', colour: '#aa0000' })
    .returning();
  await org(ctx.app, desk.user, 'setTicketLabels', { ticket_id: t3.id, label_ids: [vip?.id] });
  ctx.clock.set(at('13:00', TUESDAY));
  await internalsOf(ctx.app).slaEngine.settled();
  return { desk, annId, bob, dev: dev?.id, eve: eve?.id, vip: vip?.id, t1, t3, ticketOf };
}

const summary = async (ctx: TestContext, desk: Desk, body: object, user = desk.user) => {
  const res = await org<ReportSummaryResponse>(ctx.app, user, 'getReportSummary', body);
  expect(res.status).toBe(200);
  return res.body;
};
const WEEK = { from: '2026-11-23', to: '2026-11-30' };
const clock = (count: number, p50: number | null, p90: number | null) => ({
  count,
  p50_seconds: p50,
  p90_seconds: p90,
});
const byKey = (rows: ReportRow[]) => Object.fromEntries(rows.map((row) => [row.key, row]));

describeEachDatabase('Reports', (ctx) => {
  it('matches hand-computed figures: percentiles, business and wall time, credit, reopened cycles', async () => {
    const { desk, annId, bob, dev, eve, vip } = await fixture(ctx);

    const all = await summary(ctx, desk, { ...WEEK, group_by: 'none', calendar: 'business' });
    expect(all.time_zone).toBe('UTC');
    expect(all.rows).toEqual([
      {
        key: 'all',
        name: 'Everyone',
        tickets_opened: 3,
        tickets_closed: 1,
        tickets_reopened: 1,
        // Business seconds 1200 (T1), 1200 (T2: 10 min on Monday, 10 on Tuesday), 7200 (T3): nearest rank.
        first_response: clock(3, 1200, 7200),
        // T1's second wait was ended by closing, not answered: it counts for attainment only.
        next_response: clock(1, 600, 600),
        resolution: clock(2, 1800, 3600),
        sla: {
          first_response: { met: 2, total: 3 },
          next_response: { met: 2, total: 2 },
          resolution: { met: 2, total: 2 },
        },
        replies: { desk: 2, phone: 2 },
        unique_customers: 3,
        csat: { asked: 0, responses: 0, average: null },
      },
    ]);
    // Wall time: T2 waited 16 h 20 min overnight.
    const wall = await summary(ctx, desk, { ...WEEK, group_by: 'none', calendar: 'wall' });
    expect(wall.rows[0]?.first_response).toEqual(clock(3, 7200, 58_800));

    // By member: Ann's desk replies, Bob credited with his agent phone's answer; Dev is nobody's phone.
    const members = byKey((await summary(ctx, desk, { ...WEEK, group_by: 'member' })).rows);
    expect(Object.keys(members).sort()).toEqual([`member:${annId}`, `member:${bob.id}`].sort());
    expect(members[`member:${annId}`]).toMatchObject({
      name: 'Ann Lee',
      tickets_opened: 1,
      tickets_closed: 1,
      first_response: clock(1, 1200, 1200),
      next_response: clock(1, 600, 600),
      resolution: clock(2, 1800, 3600),
      replies: { desk: 2, phone: 0 },
    });
    expect(members[`member:${bob.id}`]).toMatchObject({
      name: 'Bob Kim',
      tickets_opened: 1,
      first_response: clock(1, 7200, 7200),
      sla: { first_response: { met: 0, total: 1 } },
      replies: { desk: 0, phone: 1 },
    });

    const phones = byKey((await summary(ctx, desk, { ...WEEK, group_by: 'agent' })).rows);
    expect(Object.keys(phones).sort()).toEqual([`agent:${dev}`, `agent:${eve}`].sort());
    expect(phones[`agent:${dev}`]).toMatchObject({
      name: 'Dev',
      tickets_opened: 1,
      first_response: clock(1, 1200, 1200),
      replies: { desk: 0, phone: 1 },
    });

    const groups = (await summary(ctx, desk, { ...WEEK, group_by: 'group' })).rows;
    expect(groups.map((row) => [row.key, row.tickets_opened])).toEqual(
      [GROUPS.a, GROUPS.b, GROUPS.c].map((jid) => [`group:${desk.sessionId}:${jid}`, 1]),
    );
    const byLabel = (await summary(ctx, desk, { ...WEEK, group_by: 'label' })).rows;
    expect(byLabel.map((row) => [row.key, row.name, row.tickets_opened])).toEqual([
      [`label:${vip}`, 'VIP', 1],
    ]);
    const customers = (await summary(ctx, desk, { ...WEEK, group_by: 'customer' })).rows;
    expect(customers.map((row) => row.name).sort()).toEqual(['Carla', 'Omar', 'Pia']);

    // Every row drills down to its tickets in the inbox: Bob's is T3 (his phone answered it).
    const behind = async (key: string) => {
      const res = await org<InboxResponse>(ctx.app, desk.user, 'getInbox', { report: { ...WEEK, key } });
      expect(res.status).toBe(200);
      return res.body.tickets.map((ticket) => ticket.group_id).sort();
    };
    expect(await behind('all')).toEqual([GROUPS.a, GROUPS.b, GROUPS.c]);
    expect(await behind(`member:${bob.id}`)).toEqual([GROUPS.c]);
    expect(await behind(`member:${annId}`)).toEqual([GROUPS.a]);
    expect(await behind(`agent:${dev}`)).toEqual([GROUPS.b]);
    expect(await behind(`label:${vip}`)).toEqual([GROUPS.c]);
    expect(await behind(`group:${desk.sessionId}:${GROUPS.b}`)).toEqual([GROUPS.b]);
    const unknown = await org<{ message: string }>(ctx.app, desk.user, 'getInbox', {
      report: { ...WEEK, key: 'team:1' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/report row is not known/);

    // Tickets opened in the range only: Tuesday holds T3.
    const tuesday = await summary(ctx, desk, { from: TUESDAY, to: '2026-11-25' });
    expect(tuesday.rows[0]).toMatchObject({ tickets_opened: 1, first_response: clock(1, 7200, 7200) });
  });

  it('reads the dates in the organisation zone and lets a member see the totals and their own row only', async () => {
    // No SLA policy: the clocks are measured all the same, none of them targeted.
    const { desk, bob } = await fixture(ctx, []);
    const member = { access_token: bob.access_token, refresh_token: bob.refresh_token, headers: bob.headers };
    const own = await summary(ctx, desk, { ...WEEK, group_by: 'member' }, member);
    expect(own.rows.map((row) => row.key)).toEqual([`member:${bob.id}`]);
    expect((await summary(ctx, desk, WEEK, member)).rows[0]).toMatchObject({
      tickets_opened: 3,
      first_response: clock(3, 1200, 7200),
      sla: { first_response: { met: 0, total: 0 } },
    });
    const refused = await org<{ message: string }>(ctx.app, member, 'getReportSummary', {
      ...WEEK,
      group_by: 'group',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/own figures/);

    // In New York, Monday the 23rd runs 05:00Z Monday to 05:00Z Tuesday: T1 and T2, not T3.
    await org(ctx.app, desk.user, 'updateSettings', {
      business_hours: { ...officeHours(), time_zone: 'America/New_York' },
    });
    const monday = await summary(ctx, desk, { from: '2026-11-23', to: '2026-11-24' });
    expect(monday.time_zone).toBe('America/New_York');
    expect(monday.rows[0]?.tickets_opened).toBe(2);
  });

  it('exports one CSV row per ticket that agrees with the summary', async () => {
    const { desk, t1 } = await fixture(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/org/ticketsReport.csv?from=${WEEK.from}&to=${WEEK.to}`,
      headers: bearer(desk.user.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...lines] = res.body.trim().split('\r\n');
    const columns = (header ?? '').split(',');
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])),
    );
    expect(rows).toHaveLength(3);
    const first = rows.find((row) => row.ticket === String(t1.id));
    expect(first).toMatchObject({
      status: 'close',
      first_responder: 'Ann Lee',
      first_response_business_seconds: '1200',
      first_response_met: 'yes',
      next_responses: '1',
      next_response_business_seconds: '600',
      resolutions: '2',
      resolution_business_seconds: '5400',
      resolution_wall_seconds: '5400',
    });

    // The summary's first-response figures, recomputed from the CSV's rows.
    const values = rows
      .map((row) => row.first_response_business_seconds)
      .filter((cell): cell is string => Boolean(cell))
      .map(Number)
      .sort((x, y) => x - y);
    const rank = (p: number) => values[Math.ceil(p * values.length) - 1];
    const { rows: totals } = await summary(ctx, desk, WEEK);
    expect(totals[0]?.first_response).toEqual(clock(values.length, rank(0.5) ?? null, rank(0.9) ?? null));
    expect(totals[0]?.sla.first_response.met).toBe(
      rows.filter((row) => row.first_response_met === 'yes').length,
    );
    expect(totals[0]?.tickets_closed).toBe(rows.filter((row) => row.status === 'close').length);

    // The charts of the same range: first responses by bucket (business, then wall time), customer messages
    // by weekday and hour, and the tickets open at each day's end (T1 closed, reopened and closed on Monday).
    const charts = async (calendar: string) => {
      const res = await org<ReportChartsResponse>(ctx.app, desk.user, 'getReportCharts', {
        ...WEEK,
        calendar,
      });
      expect(res.status).toBe(200);
      return res.body;
    };
    const business = await charts('business');
    expect(business.first_response_buckets).toEqual([0, 0, 2, 1, 0, 0]);
    expect((await charts('wall')).first_response_buckets).toEqual([0, 0, 1, 1, 1, 0]);
    expect(business.busiest_hours[0]?.[10]).toBe(2);
    expect(business.busiest_hours[0]?.[11]).toBe(1);
    expect(business.busiest_hours[0]?.[16]).toBe(1);
    expect(business.busiest_hours[1]?.[10]).toBe(1);
    expect(business.busiest_hours.flat().reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(business.backlog).toEqual(
      ['23', '24', '25', '26', '27', '28', '29'].map((day, i) => ({
        date: `2026-11-${day}`,
        open: i === 0 ? 1 : 2,
      })),
    );
  });

  it('refuses a range that ends before it starts, a year and more, and an unknown grouping', async () => {
    const desk = await deskFixture(ctx);
    for (const [body, message] of [
      [{ from: '2026-11-23', to: '2026-11-23' }, /must be after its start/],
      [{ from: '2026-11-23', to: '2026-11-20' }, /must be after its start/],
      [{ from: '2025-01-01', to: '2026-11-20' }, /at most 366 days/],
      [{ from: '23.11.2026', to: '2026-11-24' }, /ISO dates/],
      [{ ...WEEK, group_by: 'team' }, /member, agent, group/],
      [{ ...WEEK, calendar: 'lunar' }, /business or wall/],
    ] as const) {
      const res = await org<{ message: string }>(ctx.app, desk.user, 'getReportSummary', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/org/ticketsReport.csv?from=2026-11-23&to=2026-11-01',
      headers: bearer(desk.user.access_token),
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json<{ message: string }>().message).toMatch(/must be after its start/);
  });
});
