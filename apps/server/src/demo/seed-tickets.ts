import type {
  GroupsResponse,
  SimIncomingRequest,
  TicketStatsResponse,
  TicketsResponse,
} from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../app-internals';
import type { SimGroup } from '../whatsapp/simulator/phone-content';
import { seedDemoHistory } from './seed-history';
import { until } from './until';

type Headers = { authorization: string };

/** One message of a demo conversation: a group member (by index) or the linked phone (`me`). */
type Line = { from: number | 'me'; body: string };

/** What the demo shows on its first screen: answered tickets, waiting ones, a closed one. */
const SCRIPT: { group: number; lines: Line[]; close?: boolean; agent?: number }[] = [
  // Answered by the linked phone itself (its owner agent): in progress.
  {
    group: 0,
    lines: [
      { from: 0, body: 'Hi, my order #4821 has not arrived yet. Can someone check?' },
      { from: 'me', body: 'Sorry about that! We are looking into it and will get back to you shortly.' },
    ],
  },
  // Answered by a member who is an agent (added by number): in progress.
  {
    group: 1,
    agent: 4,
    lines: [
      { from: 0, body: 'The parcel for Koramangala was damaged when it arrived.' },
      { from: 4, body: 'Could you send a photo of the label? We will replace it today.' },
    ],
  },
  // Nobody answered yet: open (a LID-addressed group, so the customer is resolved from its member list).
  { group: 2, lines: [{ from: 1, body: 'Stock for the blue model is not showing in the app.' }] },
  // Answered, thanked and closed by the desk; then a new question opens a new ticket.
  {
    group: 3,
    close: true,
    lines: [
      { from: 2, body: 'The payment went through twice, please refund one.' },
      { from: 'me', body: 'Refund processed, it takes 3-5 working days.' },
      { from: 2, body: 'Thanks, the refund arrived!' },
    ],
  },
  {
    group: 3,
    lines: [{ from: 3, body: 'Is the store open this Sunday? I would like to pick up my order.' }],
  },
];

/**
 * Demo tickets, made the way live ones are: the simulated group members and the linked phone send
 * messages (the /sim/ route, so ingest, the live queue and the ticket engine run unchanged), an agent is
 * added by number, and a ticket is closed through the tickets API. Does nothing when the organisation
 * already has tickets, so a restart does not add more.
 */
export async function seedDemoTickets(
  app: FastifyInstance,
  headers: Headers,
  sessionId: string,
  groups: readonly SimGroup[],
  /** Past days replayed first (seed-history.ts); 0: none. */
  historyDays = 0,
): Promise<void> {
  const call = async <T>(url: string, payload: object = {}): Promise<{ status: number; body: T }> => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const stats = await call<TicketStatsResponse>('/org/getTicketStats/');
  if (stats.body.total > 0) return;

  // The live messages need the session connected (it restarts once after the scan) and its groups stored.
  await until(async () => {
    const listed = await call<GroupsResponse>('/api/getGroups/');
    return listed.body.groups_count >= groups.length;
  }, 'the demo groups to be stored');

  if (historyDays > 0) await seedDemoHistory(app, headers, sessionId, groups, historyDays);
  const settle = async () => {
    await app.whatsapp.gateway.settled(sessionId);
    await internalsOf(app).ticketProcessor.settled();
  };
  for (const conversation of SCRIPT) {
    const group = groups[conversation.group];
    if (!group) continue;
    const agent = conversation.agent === undefined ? undefined : group.members[conversation.agent];
    if (agent) await call('/org/addAgent/', { agent_name: agent.name, agent_number: `+${agent.phone}` });
    for (const line of conversation.lines) {
      const member = line.from === 'me' ? undefined : group.members[line.from];
      const message: SimIncomingRequest = {
        group_id: group.jid,
        body: line.body,
        ...(line.from === 'me' ? { from_me: true } : member ? { author_phone: member.phone } : {}),
      };
      // The simulated phone may be reconnecting right after the scan: it answers 409 until it is back.
      await until(
        async () => (await call(`/sim/sessions/${sessionId}/incoming`, message)).status === 200,
        'the simulated phone to take a message',
      );
      // One at a time, so each message is applied (in order) before the next is sent.
      await settle();
    }
    if (conversation.close) {
      const active = await call<TicketsResponse>('/org/getTickets/', { status: ['open', 'in_progress'] });
      const ticket = active.body.find((t) => t.group_name === group.name);
      if (ticket) await call('/org/updateTicketStatus/', { ticket_id: ticket.id, status: 'close' });
    }
  }
}
