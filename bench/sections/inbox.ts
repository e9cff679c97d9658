import type { AddressInfo } from 'node:net';
import { type Row, rowsOf } from '../row';
import { onThrowawayDatabase, withBenchDesk } from '../throwaway-postgres';
import {
  INBOX_MESSAGES_PER_TICKET,
  INBOX_TICKETS,
  NEIGHBOUR_TICKETS,
  RARE_NUMBER,
  seedInbox,
} from './inbox-seed';
import { type LoadResult, load } from './tickets';

const SECTION = 'inbox';
const SECONDS = 10;
/** The inbox list is what every agent's screen asks for: as many connections as the tickets rows use. */
const LIST_CONNECTIONS = 20;
/** A search is typed by a person now and then: fewer at once than lists. */
const SEARCH_CONNECTIONS = 8;

const row = rowsOf(SECTION);

async function measure(url: string): Promise<Row[]> {
  return withBenchDesk(url, async ({ app, client, register }) => {
    const { token, ...member } = await register('bench@example.com');
    const neighbour = await register('neighbour@example.com');

    const started = performance.now();
    await seedInbox(client, member.organisation_id, member.id, neighbour.organisation_id);
    const seedSeconds = (performance.now() - started) / 1000;

    await app.listen({ host: '127.0.0.1', port: 0 });
    const inbox = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/org/getInbox/`;
    // Each call must answer what it is measured for: a full page (a search that found nothing is cheap).
    // The neighbour's tickets, all matching, are never among them.
    const rareBody = `{"q":"${RARE_NUMBER}"}`;
    for (const body of ['{"view":"open"}', '{"q":"refund"}', '{"q":"Maria Lopez"}', rareBody]) {
      const res = await app.inject({
        method: 'POST',
        url: '/org/getInbox/',
        headers: { authorization: `Bearer ${token}` },
        payload: JSON.parse(body),
      });
      const tickets: { customer: string }[] = res.json().tickets ?? [];
      if (
        res.statusCode !== 200 ||
        tickets.length === 0 ||
        tickets.some((t) => t.customer.startsWith('Neighbour'))
      )
        throw new Error(`getInbox ${body}: ${res.statusCode}, ${tickets.length} tickets`);
    }
    await load(inbox, token, '{"view":"open"}', 2); // warm up JIT and the pool
    const open = await load(inbox, token, '{"view":"open"}', SECONDS, LIST_CONNECTIONS);
    const mine = await load(inbox, token, '{"view":"mine"}', SECONDS, LIST_CONNECTIONS);
    // A word in three of every four tickets, a customer's name (200 tickets), one message's order number.
    const common = await load(inbox, token, '{"q":"refund"}', SECONDS, SEARCH_CONNECTIONS);
    const name = await load(inbox, token, '{"q":"Maria Lopez"}', SECONDS, SEARCH_CONNECTIONS);
    const rare = await load(inbox, token, rareBody, SECONDS, SEARCH_CONNECTIONS);

    const failed = (r: LoadResult) => r.errors + r.non2xx;
    const fmt = (r: LoadResult) =>
      `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${Math.round(r.cpuPerRequest)} µs/req` +
      (failed(r) ? `, ${failed(r)} failed` : '');
    const list = (r: LoadResult) => r.rps >= 1000 && r.p99 <= 50 && failed(r) === 0;
    const search = (r: LoadResult) => r.p99 <= 150 && failed(r) === 0;
    const of = `${INBOX_TICKETS.toLocaleString('en')} tickets`;
    return [
      row(
        `seed ${of} + ${(INBOX_TICKETS * INBOX_MESSAGES_PER_TICKET).toLocaleString('en')} messages, a neighbour's ` +
          `${NEIGHBOUR_TICKETS.toLocaleString('en')} + ${(NEIGHBOUR_TICKETS * INBOX_MESSAGES_PER_TICKET).toLocaleString('en')} (SQL)`,
        `${seedSeconds.toFixed(1)} s`,
      ),
      row(
        `getInbox open, first 50 of ${of}, ${LIST_CONNECTIONS} connections`,
        fmt(open),
        '>= 1000 req/s, p99 <= 50 ms',
        list(open),
      ),
      row(
        `getInbox mine, first 50 of ${of}, ${LIST_CONNECTIONS} connections`,
        fmt(mine),
        '>= 1000 req/s, p99 <= 50 ms',
        list(mine),
      ),
      row(
        `getInbox search, a common word, ${SEARCH_CONNECTIONS} connections`,
        fmt(common),
        'p99 <= 150 ms',
        search(common),
      ),
      row(
        `getInbox search, a customer's name, ${SEARCH_CONNECTIONS} connections`,
        fmt(name),
        'p99 <= 150 ms',
        search(name),
      ),
      row(
        `getInbox search, one message's number, ${SEARCH_CONNECTIONS} connections`,
        fmt(rare),
        'p99 <= 150 ms',
        search(rare),
      ),
    ];
  });
}

export const run = (): Promise<Row[]> => onThrowawayDatabase(row, measure);
