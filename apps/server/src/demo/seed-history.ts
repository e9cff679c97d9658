import {
  SATISFACTION_OPTIONS,
  type SimIncomingRequest,
  type TicketsResponse,
  type UpdateSettingsRequest,
} from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../app-internals';
import type { SimGroup, SimPerson } from '../whatsapp/simulator/phone-content';
import { createRandom } from './seeded-random';
import { until } from './until';

// The demo organisation's past month (docs/decisions/0030-satisfaction-polls.md, the demo): replayed on demo
// mode's clock, set back a month and moved forward event by event, so that every message, reply, close and
// vote goes through the real path — the simulated phone, ingest, the ticket engine, the SLA worker, the
// replies and satisfaction modules — at the time it happened. Reports, the SLA column and satisfaction then
// show a history on the first screen.

type Headers = { authorization: string };

/** The demo's calendar: Bengaluru office hours, a short Saturday. */
const ZONE = 'Asia/Kolkata';
const ZONE_OFFSET_MS = 5.5 * 3_600_000; // no daylight saving in India
const MINUTE = 60_000;
const ACTIVE = ['open', 'in_progress', 'pending'];
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SETTINGS: UpdateSettingsRequest = {
  business_hours: {
    time_zone: ZONE,
    week: {
      mon: [{ from: '09:00', to: '18:00' }],
      tue: [{ from: '09:00', to: '18:00' }],
      wed: [{ from: '09:00', to: '18:00' }],
      thu: [{ from: '09:00', to: '18:00' }],
      fri: [{ from: '09:00', to: '18:00' }],
      sat: [{ from: '10:00', to: '14:00' }],
    },
    holidays: [],
    holiday_region: null,
  },
  sla_policies: [
    {
      name: 'Standard',
      label_ids: [],
      first_response_minutes: 30,
      next_response_minutes: 60,
      resolution_minutes: 8 * 60,
      calendar: 'business',
      pause_while_pending: false,
    },
  ],
};

const QUESTIONS = [
  'My order has not arrived yet, can you check where it is?',
  'The invoice shows the wrong GST number.',
  'Can I change the delivery address for tomorrow?',
  'The app charged me twice for one order.',
  'Is the blue model back in stock?',
  'The parcel came with a broken seal.',
  'How do I return a product I bought last week?',
  'The delivery partner could not find the building.',
];
const FOLLOW_UPS = ['Any update on this?', 'I also sent a photo of the label.', 'It is still not resolved.'];
const ANSWERS = [
  'Thanks for writing, we are checking this right now.',
  'Sorry about that! I have raised it with the warehouse.',
  'Done: the change is made and you will get an SMS.',
  'We have refunded the extra charge; it takes 3–5 working days.',
];
const REOPENS = ['Sorry, one more question about the same order.'];

/** A replayed step, at its time on the desk's clock. */
type Step =
  | { at: number; kind: 'customer'; ticket: number; body: string }
  | { at: number; kind: 'answer'; ticket: number; by: 'desk' | 'phone' | 'agent'; body: string }
  | { at: number; kind: 'close'; ticket: number }
  | { at: number; kind: 'vote'; ticket: number; score: number };

interface PlannedTicket {
  group: SimGroup;
  customer: SimPerson;
  agent: SimPerson;
}

/** Desk replies and satisfaction polls spend the session's reply limit (per real minute): the plan keeps to it. */
const MAX_DESK_REPLIES = 6;
const MAX_POLLS = 9;

/**
 * The month's plan: one to four customers a working day, answered in minutes mostly (some past their target,
 * some after hours, the next morning), from an agent's phone, the linked phone or the desk; some customers
 * write again, a few come back after the close; the polls of the last closes answered by most customers.
 */
export function planHistory(groups: readonly SimGroup[], endMs: number, days: number) {
  const next = createRandom(20261128);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  // Agents are two members of the phone-number groups; customers the other members.
  const pnGroups = groups.filter((g) => g.addressingMode === 'pn').slice(0, 3);
  const agents = pnGroups.slice(0, 2).map((g) => g.members[4] as SimPerson);
  const agentPhones = new Set(agents.map((a) => a.phone));
  const tickets: PlannedTicket[] = [];
  const steps: Step[] = [];
  const startDay = Math.floor((endMs + ZONE_OFFSET_MS) / DAY) - days;
  let deskReplies = 0;
  for (let d = 0; d < days; d++) {
    const localMidnight = (startDay + d) * DAY - ZONE_OFFSET_MS;
    const weekday = new Date((startDay + d) * DAY).getUTCDay(); // 0 Sunday
    if (weekday === 0) continue;
    const count = weekday === 6 ? 1 : 1 + Math.floor(next() * 4);
    for (let i = 0; i < count; i++) {
      const group = pick(pnGroups);
      const customers = group.members.filter((m) => !agentPhones.has(m.phone)).slice(0, 4);
      const customer = pick(customers);
      // Busy mornings and afternoons, a few evenings after the office closed.
      const hour =
        next() < 0.12 ? 19 + next() * 3 : (weekday === 6 ? 10 : 9) + next() * (weekday === 6 ? 3.5 : 8.5);
      const opened = localMidnight + hour * HOUR;
      if (opened > endMs - 3 * HOUR) continue;
      const ticket = tickets.push({ group, customer, agent: pick(agents) }) - 1;
      steps.push({ at: opened, kind: 'customer', ticket, body: pick(QUESTIONS) });
      const late = next() < 0.15;
      const afterHours = hour >= 18;
      let at = afterHours
        ? localMidnight + DAY + (9 + next() * 0.8) * HOUR
        : opened + (late ? 35 + next() * 90 : 2 + next() * 22) * MINUTE;
      const by = (): 'desk' | 'phone' | 'agent' => {
        const roll = next();
        // The first answer of the month is the desk's, so even a short history has one.
        if ((roll < 0.2 || deskReplies === 0) && deskReplies < MAX_DESK_REPLIES) {
          deskReplies++;
          return 'desk';
        }
        return roll < 0.45 ? 'phone' : 'agent';
      };
      steps.push({ at, kind: 'answer', ticket, by: by(), body: pick(ANSWERS) });
      if (next() < 0.45) {
        at += (10 + next() * 50) * MINUTE;
        steps.push({ at, kind: 'customer', ticket, body: pick(FOLLOW_UPS) });
        at += (next() < 0.2 ? 70 + next() * 60 : 4 + next() * 30) * MINUTE;
        steps.push({ at, kind: 'answer', ticket, by: by(), body: pick(ANSWERS) });
      }
      at += (30 + next() * 240) * MINUTE;
      steps.push({ at, kind: 'close', ticket });
      // A few come back the next day (within the reopen window) and are closed again.
      if (next() < 0.08) {
        at += (16 + next() * 6) * HOUR;
        steps.push({ at, kind: 'customer', ticket, body: pick(REOPENS) });
        at += (5 + next() * 20) * MINUTE;
        steps.push({ at, kind: 'answer', ticket, by: 'agent', body: pick(ANSWERS) });
        at += (20 + next() * 60) * MINUTE;
        steps.push({ at, kind: 'close', ticket });
      }
    }
  }
  // Over a day before now: today's customers (seed-tickets.ts) open new tickets, not reopen these (the
  // history's reopen window is a day).
  const kept = steps.filter((step) => step.at < endMs - DAY).sort((a, b) => a.at - b.at);
  // Satisfaction is switched on before the last closes; most customers answer within two hours.
  const closes = kept.filter((step) => step.kind === 'close');
  const pollsFrom = closes[Math.max(0, closes.length - MAX_POLLS)]?.at ?? endMs;
  for (const close of closes.filter((step) => step.at >= pollsFrom)) {
    if (next() < 0.25) continue;
    const roll = next();
    const score = roll < 0.55 ? 5 : roll < 0.8 ? 4 : roll < 0.92 ? 3 : 2;
    const at = close.at + (10 + next() * 110) * MINUTE;
    if (at < endMs - DAY) kept.push({ at, kind: 'vote', ticket: close.ticket, score });
  }
  kept.sort((a, b) => a.at - b.at);
  return { tickets, steps: kept, agents, pollsFrom };
}

/**
 * Replays the plan for the demo's organisation on demo mode's clock and sets the clock back to real time.
 * Does nothing without the simulated clock. `days`: how far back the history starts.
 */
export async function seedDemoHistory(
  app: FastifyInstance,
  headers: Headers,
  sessionId: string,
  groups: readonly SimGroup[],
  days = 30,
): Promise<void> {
  const internals = internalsOf(app);
  const clock = internals.simulatedClock;
  const simulator = app.whatsapp.simulator;
  if (!clock || !simulator) return;
  const call = async <T>(url: string, payload: object = {}) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    return { status: res.statusCode, body: res.json<T>() };
  };
  // The poll a close sends first, then its echo stored and applied.
  const settle = async () => {
    await internals.satisfaction.settled();
    await app.whatsapp.gateway.settled(sessionId);
    await internals.ticketProcessor.settled();
  };
  const plan = planHistory(groups, Date.now(), days);
  // A customer writing again within a day reopens their ticket; later, a new one opens.
  await call('/org/updateSettings/', { ...SETTINGS, reopen_days: 1 });
  for (const agent of plan.agents)
    await call('/org/addAgent/', { agent_name: agent.name, agent_number: `+${agent.phone}` });

  /** Each planned ticket's id once its first message opened it. */
  const ids = new Map<number, number>();
  const pollOf = new Map<number, string>();
  const polls = new Set<string>();
  let satisfactionOn = false;
  try {
    for (const step of plan.steps) {
      await clock.travelTo(step.at);
      const planned = plan.tickets[step.ticket] as PlannedTicket;
      if (!satisfactionOn && step.at >= plan.pollsFrom) {
        await call('/org/updateSettings/', { satisfaction_poll: true });
        satisfactionOn = true;
      }
      if (step.kind === 'customer' || (step.kind === 'answer' && step.by !== 'desk')) {
        const message: SimIncomingRequest = {
          group_id: planned.group.jid,
          body: step.body,
          ...(step.kind === 'customer'
            ? { author_phone: planned.customer.phone, author_name: planned.customer.name }
            : step.by === 'phone'
              ? { from_me: true }
              : { author_phone: planned.agent.phone, author_name: planned.agent.name }),
        };
        await until(
          async () => (await call(`/sim/sessions/${sessionId}/incoming`, message)).status === 200,
          'the simulated phone to take a message',
        );
        await settle();
        // The customer's active ticket: a new one, or their last one reopened within the reopen window.
        if (step.kind === 'customer' && !ids.has(step.ticket)) {
          const active = await call<TicketsResponse>('/org/getTickets/', { status: ACTIVE });
          const ticket = active.body.find((t) => t.customer_number === `+${planned.customer.phone}`);
          if (ticket) ids.set(step.ticket, ticket.id);
        }
        continue;
      }
      const ticketId = ids.get(step.ticket);
      if (ticketId === undefined) continue;
      if (step.kind === 'answer') {
        await call('/org/replyToTicket/', { ticket_id: ticketId, text: step.body });
        await settle();
      } else if (step.kind === 'close') {
        await call('/org/updateTicketStatus/', { ticket_id: ticketId, status: 'close' });
        await settle();
        // The poll this close sent, if it sent one (a customer is asked at most once a day).
        const latest = simulator
          .sent(sessionId)
          .filter((m) => m.message?.pollCreationMessageV3)
          .at(-1)?.key.id;
        if (latest && !polls.has(latest)) {
          polls.add(latest);
          pollOf.set(step.ticket, latest);
          // Its echo (the simulated phone's, a moment after the send) stores it with the secret votes need; a
          // poll not stored in time on a slow machine is left unanswered.
          await until(
            async () => (await internals.messageStore.pollKey(sessionId, planned.group.jid, latest)) !== null,
            'the satisfaction poll to be stored',
          ).catch(() => pollOf.delete(step.ticket));
        }
      } else {
        const pollId = pollOf.get(step.ticket);
        if (!pollId) continue;
        await simulator.vote(sessionId, {
          groupId: planned.group.jid,
          pollId,
          options: [SATISFACTION_OPTIONS[5 - step.score] as string],
          voterPhone: planned.customer.phone,
        });
        await settle();
      }
    }
    // What the month left open was closed by its end (not asked: the plan's polls are all sent), so today's
    // tickets (seed-tickets.ts) start afresh.
    await call('/org/updateSettings/', { satisfaction_poll: false });
    const left = await call<TicketsResponse>('/org/getTickets/', { status: ACTIVE });
    for (const ticket of left.body)
      await call('/org/updateTicketStatus/', { ticket_id: ticket.id, status: 'close' });
    await settle();
    await call('/org/updateSettings/', { satisfaction_poll: true });
  } finally {
    await clock.reset();
  }
  // The clocks of the whole month, measured and told before the demo's first screen.
  await internals.slaEngine.settled();
}
