// Reports (decision 0029) on an organisation a year old: 100,000 tickets in 500 groups with 1,000,000
// conversation messages, 20 members of whom each has an agent phone, 50 agent phones, and four measured clocks
// a ticket — bulk-seeded with SQL on PGlite (in memory) and on PostgreSQL. Measured: the 30-day summary by
// member (the slowest grouping: answers are credited one by one) and the CSV of 10,000 tickets.

import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase, type Database, migrateDatabase } from '../../apps/server/src/db/client';
import { createReportsRepository } from '../../apps/server/src/modules/reports/reports.repository';
import { createReportsService } from '../../apps/server/src/modules/reports/reports.service';
import { type Row, rowsOf } from '../row';
import { BENCH_POSTGRES } from '../throwaway-postgres';

const SECTION = 'reports';
const TICKETS = 100_000;
const MESSAGES_PER_TICKET = 10;
const GROUPS = 500;
const AGENTS = 50;
const MEMBERS = 20;
/** A ticket every 315 s: 100,000 in a year, about 8,200 in 30 days and 10,000 in 37. */
const SPACING_S = 315;
const RUNS = 5;

const row = rowsOf(SECTION);

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function seed(database: Database): Promise<number> {
  const run = (text: string) => database.db.execute(text);
  const result = (await run(
    `insert into organisations (name) values ('Bench reports') returning id`,
  )) as unknown as { rows: { id: number }[] };
  const org = Number(result.rows[0]?.id);
  await run(`insert into wa_sessions (organisation_id, name, description, status, phone)
    values (${org}, 'Support', 'bench', 'connected', '4930000000000')`);
  await run(`insert into agents (organisation_id, name, number, user_type)
    select ${org}, 'Agent ' || a, '+4915100' || lpad(a::text, 5, '0'), 'user' from generate_series(1, ${AGENTS}) a`);
  await run(`insert into users (organisation_id, email, first_name, last_name, role, agent_id)
    select ${org}, 'member' || m || '@bench.test', 'Member', m::text, case when m = 1 then 'owner' else 'member' end,
      (select id from agents where organisation_id = ${org} and number = '+4915100' || lpad(m::text, 5, '0'))
    from generate_series(1, ${MEMBERS}) m`);
  await run(`insert into labels (organisation_id, name, colour)
    select ${org}, 'Label ' || l, '#aa0000' from generate_series(1, 10) l`);
  // The conversation search's trigram index is not what reports read; building it for a million seeded
  // messages would take most of the seeding time on PGlite.
  await run('drop index if exists ticket_messages_session_message_trgm_idx');
  await run(`insert into tickets (organisation_id, session_id, group_jid, group_name, customer, customer_number,
      last_message, status, created_at, updated_at, closed_at, assignee_id)
    select ${org}, s.id, 'g' || (i % ${GROUPS}) || '@g.us', 'Group ' || (i % ${GROUPS}), 'Customer ' || (i % 20000),
      '49170' || lpad((i % 20000)::text, 7, '0'), 'last', case when i > ${TICKETS - GROUPS} then 'open' else 'close' end,
      t.created, t.created, case when i <= ${TICKETS - GROUPS} then t.created + (i % 7200) * interval '1 second' end,
      (select u.id from users u where u.organisation_id = ${org} and u.last_name = ((i % 25) + 1)::text)
    from generate_series(1, ${TICKETS}) i
    cross join (select id from wa_sessions where organisation_id = ${org}) s
    cross join lateral (select now() - (${TICKETS} - i) * interval '${SPACING_S} seconds' as created) t`);
  // Every third message is staff's: from the desk (a member) or from an agent phone, in turn.
  await run(`insert into ticket_messages (ticket_id, session_id, group_jid, wa_id, sender, sender_name, is_business,
      message, created_at, sent_by_user_id)
    select t.id, t.session_id, t.group_jid, 'B' || t.id || '_' || m,
      case when m % 3 = 2 then '+4915100' || lpad(((t.id + m) % ${AGENTS} + 1)::text, 5, '0') else t.customer_number end,
      t.customer, m % 3 = 2, 'Message ' || m, t.created_at + m * interval '2 minutes',
      case when m % 6 = 2 then (select u.id from users u where u.organisation_id = ${org}
        and u.last_name = ((t.id % ${MEMBERS}) + 1)::text) end
    from tickets t cross join generate_series(1, ${MESSAGES_PER_TICKET}) m where t.organisation_id = ${org}`);
  await run(`insert into ticket_labels (ticket_id, label_id)
    select t.id, l.id from tickets t join labels l on l.organisation_id = ${org} and l.name = 'Label ' || (t.id % 10 + 1)
    where t.organisation_id = ${org} and t.id % 3 = 0`);
  await run(`insert into ticket_status_moments (ticket_id, at, kind)
    select id, created_at + interval '3 hours', 'reopened' from tickets where organisation_id = ${org} and id % 20 = 1`);
  // Four measured clocks a ticket: the first response (credited to a member or an agent phone), two next
  // responses and the resolution.
  await run(`insert into sla_clocks (ticket_id, kind, cycle, organisation_id, policy_name, started_at, stopped_at,
      stopped_by_user_id, stopped_by_agent_id, stopped_by_name, met, targeted, business_seconds, wall_seconds,
      office_seconds)
    select t.id, k.kind, k.cycle, ${org}, 'Standard', t.created_at, t.created_at + w.wall * interval '1 second',
      case when k.kind <> 'resolution' and t.id % 2 = 0 then (select u.id from users u
        where u.organisation_id = ${org} and u.last_name = ((t.id % ${MEMBERS}) + 1)::text) end,
      case when k.kind <> 'resolution' and t.id % 2 = 1 then (select a.id from agents a
        where a.organisation_id = ${org} and a.number = '+4915100' || lpad((t.id % ${AGENTS} + 1)::text, 5, '0')) end,
      'Someone', w.wall < 3600, true, w.wall * 0.6, w.wall, w.wall * 0.6
    from tickets t
    cross join (values ('first_response', 0), ('next_response', 0), ('next_response', 1), ('resolution', 0))
      as k(kind, cycle)
    cross join lateral (select ((t.id * 7919 + k.cycle * 104729) % 14400 + 30)::float8 as wall) w
    where t.organisation_id = ${org}`);
  await run('delete from sla_stale');
  await run('analyze');
  return org;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(label: string, database: Database, summaryTargetMs: number): Promise<Row[]> {
  const started = performance.now();
  const org = await seed(database);
  const seeded = (performance.now() - started) / 1000;
  const repo = createReportsRepository(database.db);
  const reports = createReportsService({ repo });
  const owner = { id: 0, organisationId: org, role: 'owner' as const };
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const answer = await reports.summary(owner, { from: day(-29), to: day(1), group_by: 'member' });
    times.push(performance.now() - t0);
    rows = answer.rows.length;
  }
  const summaryMs = median(times);
  const t1 = performance.now();
  let lines = -1;
  for await (const chunk of await reports.exportCsv(owner, { from: day(-36), to: day(1) }))
    lines += chunk.split('\r\n').length - 1;
  const csvMs = performance.now() - t1;
  return [
    row(
      `${label}: seeded ${TICKETS.toLocaleString('en')} tickets, ${(TICKETS * MESSAGES_PER_TICKET).toLocaleString('en')} messages, ${AGENTS} agents, ${GROUPS} groups`,
      `${seeded.toFixed(0)} s`,
    ),
    row(
      `${label}: 30-day summary by member (${rows} rows), median of ${RUNS}`,
      `${summaryMs.toFixed(0)} ms`,
      `≤ ${summaryTargetMs} ms`,
      summaryMs <= summaryTargetMs,
    ),
    row(
      `${label}: tickets CSV of the last 37 days (${lines.toLocaleString('en')} tickets), streamed`,
      `${csvMs.toFixed(0)} ms`,
      '≤ 2000 ms',
      csvMs <= 2000 && lines >= 10_000,
    ),
  ];
}

export async function run(): Promise<Row[]> {
  const load = () => loadavg()[0]?.toFixed(1) ?? '?';
  const before = load();
  const rows: Row[] = [];
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    const name = `wadesk_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(BENCH_POSTGRES);
    url.pathname = `/${name}`;
    const database = await createDatabase(url.toString());
    try {
      await migrateDatabase(database);
      rows.push(...(await measure('PostgreSQL', database, 300)));
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    rows.push(row('PostgreSQL', `skipped or failed: ${reason.slice(0, 80)}${cause}`));
  } finally {
    await admin.end().catch(() => {});
  }
  const lite = await createDatabase('memory://');
  try {
    await migrateDatabase(lite);
    rows.push(...(await measure('PGlite', lite, 1000)));
  } finally {
    await lite.close();
  }
  rows.push(
    row(
      `machine load average (1 min) before / after, ${availableParallelism()} cores`,
      `${before} / ${load()}`,
    ),
  );
  return rows;
}
