import type {
  GroupMessagesResponse,
  GroupsResponse,
  ReportSummaryResponse,
  TicketDetailsResponse,
  TicketStatsResponse,
  TicketsResponse,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import { bearer } from '../../test/helpers/auth';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { testConfig } from '../../test/helpers/test-config';
import { eventually } from '../../test/helpers/whatsapp';
import { internalsOf } from '../app-internals';
import { DEMO_EMAIL, seedDemo } from './seed-demo';

describeWithDatabase('demo seed', (ctx) => {
  it('creates a demo account with a linked simulated session, and reuses both on the next start', async () => {
    const config = testConfig({ dataDir: ctx.dataDir });
    const app = await ctx.buildApp(config);
    const demo = await seedDemo(app, config, 0);
    expect(demo).toMatchObject({
      email: DEMO_EMAIL,
      password: expect.stringMatching(/^Demo!/),
      sessionId: expect.any(String),
    });

    const login = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: demo.email, password: demo.password },
    });
    expect(login.statusCode).toBe(200);
    const headers = bearer(login.json().access_token);
    // Linking needs a verified address (decision 0016): the demo's owner has one.
    const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers });
    expect(check.json().user).toMatchObject({ email: DEMO_EMAIL, role: 'owner', email_verified: true });
    await eventually(async () => {
      const groups = await app.inject({ method: 'POST', url: '/api/getGroups/', headers });
      return groups.json<GroupsResponse>().groups_count === 4;
    }, 5_000);

    const again = await seedDemo(app, config, 0);
    expect(again).toEqual(demo);
  });

  it('shows tickets in every status, made by the ticket engine from the demo group messages', async () => {
    const config = testConfig({ dataDir: ctx.dataDir });
    const app = await ctx.buildApp(config);
    const demo = await seedDemo(app, config, 0);
    const login = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: demo.email, password: demo.password },
    });
    const headers = bearer(login.json().access_token);
    const call = async <T>(url: string, payload: object = {}) =>
      (await app.inject({ method: 'POST', url, headers, payload })).json<T>();

    const stats = await call<TicketStatsResponse>('/org/getTicketStats/');
    expect(stats.open).toBeGreaterThanOrEqual(1);
    expect(stats.in_progress).toBeGreaterThanOrEqual(1);
    expect(stats.closed).toBeGreaterThanOrEqual(1);
    expect(stats.avg_first_response_seconds).not.toBeNull();

    const tickets = await call<TicketsResponse>('/org/getTickets/');
    expect(tickets).toHaveLength(stats.total);
    const { groups } = await call<GroupsResponse>('/api/getGroups/');
    for (const ticket of tickets) {
      // The ticket belongs to one of the demo session's groups...
      const group = groups.find((g) => g.group_id === ticket.group_id);
      expect(group).toMatchObject({ name: ticket.group_name, session_id: ticket.session_id });
      // ...opened by a customer's message that is stored in that group, from that customer...
      const { conversations } = await call<TicketDetailsResponse>('/org/getTicketsDetails/', {
        ticket_id: ticket.id,
      });
      const [first] = conversations;
      expect(first).toMatchObject({ is_business: false, sender: ticket.customer_number });
      const { messages } = await call<GroupMessagesResponse>('/api/getGroupsMsg/', {
        session_id: ticket.session_id,
        group_id: ticket.group_id,
      });
      // The newest with that text: the simulated history may hold the same words earlier.
      const stored = messages.filter((m) => m.body === first?.message).at(-1);
      expect(stored).toMatchObject({ from_me: false, author_number: ticket.customer_number?.slice(1) });
      // ...and its status agrees with its conversation.
      const answered = conversations.some((m) => m.is_business);
      expect(ticket.last_message).toBe(conversations.at(-1)?.message);
      if (ticket.status === 'open') expect(answered).toBe(false);
      if (ticket.status === 'in_progress') {
        expect(answered).toBe(true);
        expect(ticket.first_response_at).not.toBeNull();
      }
      if (ticket.status === 'close') expect(ticket.closed_at).not.toBeNull();
    }
    // An agent who is a group member answered one of them, not only the linked phone.
    const replies = (
      await Promise.all(
        tickets.map((t) => call<TicketDetailsResponse>('/org/getTicketsDetails/', { ticket_id: t.id })),
      )
    ).flatMap((d) => d.conversations.filter((m) => m.is_business));
    expect(new Set(replies.map((m) => m.sender)).size).toBeGreaterThanOrEqual(2);

    // A restart seeds nothing more.
    await seedDemo(app, config, 0);
    expect((await call<TicketStatsResponse>('/org/getTicketStats/')).total).toBe(stats.total);
  });

  it('replays a past week through the engine: Reports, SLA clocks and ratings have figures, the clock is back', async () => {
    const config = testConfig({ dataDir: ctx.dataDir });
    const app = await ctx.buildApp(config);
    const demo = await seedDemo(app, config, 7);
    const login = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: demo.email, password: demo.password },
    });
    const headers = bearer(login.json().access_token);
    const call = async <T>(url: string, payload: object = {}) =>
      (await app.inject({ method: 'POST', url, headers, payload })).json<T>();
    // Back at real time once the history is in.
    expect(internalsOf(app).simulatedClock?.offsetMs()).toBe(0);

    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const summary = await call<ReportSummaryResponse>('/org/getReportSummary/', {
      from: day(Date.now() - 9 * 86_400_000),
      to: day(Date.now() + 86_400_000),
      group_by: 'none',
      calendar: 'business',
    });
    expect(summary.time_zone).toBe('Asia/Kolkata');
    const [all] = summary.rows;
    expect(all?.tickets_opened).toBeGreaterThan(3);
    expect(all?.tickets_closed).toBeGreaterThan(2);
    expect(all?.first_response.count).toBeGreaterThan(2);
    // Answered from the desk and from phones (the linked one and agents'), against a policy's targets.
    expect(all?.replies.desk).toBeGreaterThanOrEqual(1);
    expect(all?.replies.phone).toBeGreaterThan(1);
    expect(all?.sla.first_response.total).toBeGreaterThan(2);
    // The last closes asked how it went, and customers answered.
    expect(all?.csat.asked).toBeGreaterThanOrEqual(1);
    expect(all?.csat.responses).toBeGreaterThanOrEqual(1);
    expect(all?.csat.average).toBeGreaterThanOrEqual(1);

    // Opened in the past, on the days they happened; today's tickets come after them.
    const tickets = await call<TicketsResponse>('/org/getTickets/');
    const oldest = Math.min(...tickets.map((t) => Date.parse(t.created_at)));
    expect(oldest).toBeLessThan(Date.now() - 86_400_000);
    expect(tickets.some((t) => t.satisfaction?.score !== null && t.satisfaction !== null)).toBe(true);
    const stats = await call<TicketStatsResponse>('/org/getTicketStats/');
    expect(stats.open).toBeGreaterThanOrEqual(1);
  });
});
