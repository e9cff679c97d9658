import { describe, expect, it } from 'vitest';
import { type LiveInput, liveMessage } from '../../../test/helpers/live-message';
import type { TicketRow } from '../tickets/tickets.schema';
import { createTicketEngine } from './ticket-engine';
import type { GroupKey, Joining, TicketLedger, TicketLedgerTx } from './ticket-ledger';

/** The engine's ledger in memory, with rollback, to test the rules without a database. */
function fakeLedger() {
  let tickets: TicketRow[] = [];
  let messages: (Omit<Joining, 'key'> & GroupKey & { ticketId: number })[] = [];
  const active = (key: GroupKey) =>
    tickets.find(
      (t) =>
        t.organisationId === key.organisationId &&
        t.sessionId === key.sessionId &&
        t.groupJid === key.groupJid &&
        t.status !== 'close',
    );
  const tx: TicketLedgerTx = {
    async open({ at, ...fields }) {
      if (active(fields)) return null;
      const row: TicketRow = {
        id: tickets.length + 1,
        ...fields,
        status: 'open',
        createdAt: at,
        updatedAt: at,
        firstResponseAt: null,
        closedAt: null,
        customerKey: null,
        assigneeId: null,
        answeredBy: null,
        customerRepliedAt: null,
        followUpOf: null,
        lastCustomerAt: at,
        waitingSince: at,
        satisfactionAskedAt: null,
        satisfactionScore: null,
      };
      tickets.push(row);
      return row;
    },
    async join({ key, ...message }) {
      const row = active(key);
      if (!row) return { kind: 'none' };
      const seen = messages.some(
        (m) => m.sessionId === key.sessionId && m.groupJid === key.groupJid && m.waId === message.waId,
      );
      if (seen) return { kind: 'duplicate' };
      messages.push({ ...key, ...message, ticketId: row.id });
      row.lastMessage = message.message;
      row.updatedAt = new Date(Math.max(message.at.getTime(), row.updatedAt.getTime()));
      if (message.groupName) row.groupName = message.groupName;
      if (message.isBusiness) {
        row.firstResponseAt ??= message.at;
        if (row.status === 'open') row.status = 'in_progress';
      }
      // As the join statement keeps waiting_since (decision 0021): a reply ends the wait, a message starts it.
      const startedWaiting = !message.isBusiness && !message.still && row.waitingSince === null;
      if (message.isBusiness) row.waitingSince = null;
      else if (startedWaiting) row.waitingSince = message.at;
      return {
        kind: 'joined',
        ticket: { ...row },
        assigned: false,
        statusBefore: row.status,
        startedWaiting,
      };
    },
    // The database's reopen is tested on both databases (ticket-lifecycle.test.ts); here nothing was closed.
    async reopen() {
      return { kind: 'none' };
    },
  };
  const ledger: TicketLedger = {
    async join(joinings) {
      const results = [];
      for (const joining of joinings) results.push(await tx.join(joining));
      return results;
    },
    async transaction(work) {
      const saved = { tickets: structuredClone(tickets), messages: structuredClone(messages) };
      try {
        return await work(tx);
      } catch (error) {
        tickets = saved.tickets;
        messages = saved.messages;
        throw error;
      }
    },
    fillSenders: async () => [],
  };
  return {
    ledger,
    tickets: () => tickets,
    messages: () => messages,
    close(id: number) {
      const row = tickets.find((t) => t.id === id);
      if (row) Object.assign(row, { status: 'close', closedAt: new Date() });
    },
  };
}

function setup() {
  const store = fakeLedger();
  const engine = createTicketEngine({
    ledger: store.ledger,
    agentByNumber: async (_org, phone) =>
      phone.replace(/\D/g, '') === '4917000000001' ? { name: 'Agent Smith', number: '+4917000000001' } : null,
  });
  const send = (input: Partial<LiveInput> = {}) =>
    engine.process(liveMessage({ organisationId: 1, sessionId: 's1', ...input }));
  return { store, send };
}

describe('ticket engine rules', () => {
  it('opens a ticket for a customer and joins later customer messages to it', async () => {
    const { store, send } = setup();
    expect((await send({ body: 'help' })).kind).toBe('created');
    expect((await send({ body: 'anyone?', from: '4915100000002', name: 'Dan' })).kind).toBe('updated');
    expect(store.tickets()).toHaveLength(1);
    expect(store.tickets()[0]).toMatchObject({
      customer: 'Carla',
      customerNumber: '+4915112345678',
      lastMessage: 'anyone?',
    });
    expect(store.messages().map((m) => m.senderName)).toEqual(['Carla', 'Dan']);
  });

  it('treats agents and the linked account as business; the first reply moves the ticket to in progress', async () => {
    const { store, send } = setup();
    await send({ body: 'help' });
    const reply = await send({ body: 'on it', from: '4917000000001', name: 'push name' });
    expect(reply).toMatchObject({ kind: 'updated', ticket: { status: 'in_progress' } });
    const firstResponse = store.tickets()[0]?.firstResponseAt;
    expect(firstResponse).not.toBeNull();
    await send({ body: 'done', fromMe: true, timestamp: Math.floor(Date.now() / 1000) + 60 });
    expect(store.tickets()[0]?.firstResponseAt).toEqual(firstResponse);
    expect(store.messages().map((m) => [m.senderName, m.sender, m.isBusiness])).toEqual([
      ['Carla', '+4915112345678', false],
      ['Agent Smith', '+4917000000001', true],
      ['You', '+4930000000000', true],
    ]);
  });

  it('does not store business messages when no ticket is active', async () => {
    const { store, send } = setup();
    expect((await send({ fromMe: true })).kind).toBe('ignored');
    expect((await send({ from: '4917000000001' })).kind).toBe('ignored');
    expect(store.tickets()).toHaveLength(0);
    expect(store.messages()).toHaveLength(0);
  });

  it('opens a new ticket for a customer message after close', async () => {
    const { store, send } = setup();
    await send();
    store.close(1);
    expect((await send({ body: 'again' })).kind).toBe('created');
    expect(store.tickets().map((t) => t.status)).toEqual(['close', 'open']);
  });

  it('ignores a message seen before, even when the ticket it opened has closed since', async () => {
    const { store, send } = setup();
    await send({ id: 'SAME' });
    expect((await send({ id: 'SAME' })).kind).toBe('duplicate');
    store.close(1);
    expect((await send({ id: 'SAME' })).kind).toBe('duplicate');
    expect(store.tickets()).toHaveLength(1);
    expect(store.messages()).toHaveLength(1);
  });

  it('keeps groups and sessions apart', async () => {
    const { store, send } = setup();
    await send({ groupId: 'g1@g.us' });
    await send({ groupId: 'g2@g.us' });
    await send({ groupId: 'g1@g.us', sessionId: 's2' });
    expect(store.tickets()).toHaveLength(3);
  });

  it('names customers without a push name by number, and labels media without a caption', async () => {
    const { store, send } = setup();
    await send({ name: null, body: '', type: 'image' });
    expect(store.tickets()[0]).toMatchObject({ customer: '+4915112345678', lastMessage: '[Image]' });
  });

  it('skips group notifications, deleted-message stubs and missed calls', async () => {
    const { store, send } = setup();
    expect((await send({ type: 'gp2' })).kind).toBe('ignored');
    expect((await send({ type: 'revoked', body: '' })).kind).toBe('ignored');
    // A missed call is never queued (decision 0026); were one to reach the engine, it asks nothing.
    expect((await send({ type: 'call_missed', body: 'Missed voice call' })).kind).toBe('ignored');
    expect(store.tickets()).toHaveLength(0);
  });
});
