// The support desk under load, on PostgreSQL: 10,000 tickets with 200,000 conversation messages, bulk-seeded
// with SQL. getTicketStats and getTickets are hammered by autocannon from a second process over loopback
// against a real listening server; then live group messages are pushed through the ticket engine.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase, migrateDatabase } from '../../apps/server/src/db/client';
import type { LiveMessage } from '../../apps/server/src/modules/groups/group-message';
import type { Row } from '../row';

const SECTION = 'tickets';
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const TICKETS = 10_000;
const MESSAGES_PER_TICKET = 20; // 200,000 conversation messages
const TICKETS_PER_GROUP = 4; // three closed, the newest active: 2,500 groups
const LOAD = { connections: 20, seconds: 10 };
const ENGINE_MESSAGES = 20_000;
const ENGINE_GROUPS = 1_000;
const AGENT = '4917000000001';

const row = (metric: string, value: string, target = '', ok: boolean | null = null): Row => ({
  section: SECTION,
  metric,
  value,
  target,
  ok,
});

/** Bulk seed: one session, an agent, the tickets (stats kept by the trigger) and their messages. */
async function seed(client: pg.Client, organisationId: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into wa_sessions (organisation_id, name, description, status, phone)
     values ($1, 'Support', 'bench', 'connected', '4930000000000') returning id`,
    [organisationId],
  );
  const sessionId = rows[0]?.id as string;
  await client.query(
    `insert into agents (organisation_id, name, number, user_type) values ($1, 'Dev', '+${AGENT}', 'user')`,
    [organisationId],
  );
  // Ticket i belongs to group i / 4; the last of each group is active, half open and half in progress.
  await client.query(
    `insert into tickets (organisation_id, session_id, group_jid, group_name, customer, customer_number,
       last_message, status, created_at, updated_at, first_response_at, closed_at)
     select $1, $2::uuid, 'g' || (i / ${TICKETS_PER_GROUP}) || '@g.us', 'Group ' || (i / ${TICKETS_PER_GROUP}),
       'Customer ' || i, '+49151' || lpad(i::text, 7, '0'), 'Last message of ticket ' || i, s.status,
       t.created, t.created + interval '1 hour',
       case when s.status <> 'open' then t.created + (i % 600) * interval '1 second' end,
       case when s.status = 'close' then t.created + (i % 86400) * interval '1 second' end
     from generate_series(0, ${TICKETS - 1}) as i
     cross join lateral (select now() - (${TICKETS} - i) * interval '13 minutes' as created) t
     cross join lateral (select case
       when i % ${TICKETS_PER_GROUP} < ${TICKETS_PER_GROUP - 1} then 'close'
       when (i / ${TICKETS_PER_GROUP}) % 2 = 0 then 'open' else 'in_progress' end as status) s`,
    [organisationId, sessionId],
  );
  await client.query(
    `insert into ticket_messages (ticket_id, session_id, group_jid, wa_id, sender, sender_name, is_business,
       message, created_at)
     select t.id, t.session_id, t.group_jid, 'SEED' || t.id || '_' || m, t.customer_number, t.customer,
       m % 3 = 2, 'Message ' || m || ' of ticket ' || t.id, t.created_at + m * interval '1 minute'
     from tickets t cross join generate_series(1, ${MESSAGES_PER_TICKET}) as m`,
  );
  await client.query('analyze');
  return sessionId;
}

interface LoadResult {
  /** This (the server's) process CPU time per answered request, in µs. */
  cpuPerRequest: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon in its own process against the listening server: POST url with body, bearer token. */
async function load(url: string, token: string, body: string, seconds = LOAD.seconds): Promise<LoadResult> {
  const script = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [
    script,
    '--json',
    '-c',
    String(LOAD.connections),
    '-d',
    String(seconds),
    '-m',
    'POST',
    '-H',
    `authorization=Bearer ${token}`,
    '-H',
    'content-type=application/json',
    '-b',
    body,
    url,
  ];
  const cpu = process.cpuUsage();
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(stdout.trim().split('\n').at(-1) as string);
  return {
    cpuPerRequest: (used.user + used.system) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Live messages as the gateway hands them over: new groups get a customer, then agents and customers alternate. */
function liveEvents(organisationId: number, sessionId: string): LiveMessage[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: ENGINE_MESSAGES }, (_, i) => {
    const group = i % ENGINE_GROUPS;
    const turn = Math.floor(i / ENGINE_GROUPS);
    const business = turn % 4 === 1; // a customer opens, an agent answers, customers follow up
    const id = `LIVE${i}`;
    const number = business ? AGENT : `49152${String(group).padStart(7, '0')}`;
    return {
      organisationId,
      sessionId,
      groupJid: `live${group}@g.us`,
      groupName: `Live group ${group}`,
      message: {
        msgId: `false_live${group}@g.us_${id}_${number}@s.whatsapp.net`,
        waId: id,
        fromMe: false,
        author: `${number}@s.whatsapp.net`,
        authorAlt: null,
        authorName: business ? 'Dev' : `Customer ${group}`,
        authorNumber: number,
        body: `message ${turn} in group ${group}`,
        messageType: 'chat',
        hasMedia: false,
        mimetype: null,
        filename: null,
        thumbnail: null,
        quotedId: null,
        quotedParticipant: null,
        quotedType: null,
        quotedBody: null,
        quotedThumbnail: null,
        quotedParticipantName: null,
        timestamp: now + turn,
      },
    } satisfies LiveMessage;
  });
}

async function measure(url: string): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wadesk-bench-'));
  const database = await createDatabase(url);
  const client = new pg.Client({ connectionString: url });
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    await client.connect();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'b'.repeat(32),
      WHATSAPP_DRIVER: 'simulator',
    });
    app = await buildApp(config, { database, logger: false });
    const registered = await app.inject({
      method: 'POST',
      url: '/users/register/',
      payload: { email: 'bench@example.com', password1: 'Secret!A', first_name: 'Bench', last_name: '' },
    });
    const token = registered.json().access_token as string;
    const { rows } = await client.query<{ organisation_id: number }>(
      "select organisation_id from users where email = 'bench@example.com'",
    );
    const organisationId = rows[0]?.organisation_id as number;

    let started = performance.now();
    const sessionId = await seed(client, organisationId);
    const seedSeconds = (performance.now() - started) / 1000;

    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await load(`${base}/org/getTicketStats/`, token, '{}', 2); // warm up JIT and the pool
    const stats = await load(`${base}/org/getTicketStats/`, token, '{}');
    const listDefault = await load(`${base}/org/getTickets/`, token, '{}');
    const listActive = await load(
      `${base}/org/getTickets/`,
      token,
      '{"status":["open","in_progress"],"limit":50}',
    );

    const events = liveEvents(organisationId, sessionId);
    const engineCpu = process.cpuUsage();
    started = performance.now();
    for (const event of events) app.events.bus.publish('message.live', event);
    await app.ticketProcessor.settled();
    const engineSeconds = (performance.now() - started) / 1000;
    const engineUsed = process.cpuUsage(engineCpu);
    const engineCpuPerMessage = (engineUsed.user + engineUsed.system) / ENGINE_MESSAGES;
    const counts = await client.query<{ tickets: string; messages: string }>(
      `select (select count(*) from tickets where group_jid like 'live%') as tickets,
              (select count(*) from ticket_messages where wa_id like 'LIVE%') as messages`,
    );
    const applied = Number(counts.rows[0]?.messages);
    if (Number(counts.rows[0]?.tickets) !== ENGINE_GROUPS || applied !== ENGINE_MESSAGES)
      throw new Error(`engine applied ${applied} messages to ${counts.rows[0]?.tickets} tickets`);
    const engineRate = ENGINE_MESSAGES / engineSeconds;

    const failed = (r: LoadResult) => r.errors + r.non2xx;
    const fmt = (r: LoadResult) =>
      `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${Math.round(r.cpuPerRequest)} µs/req` +
      (failed(r) ? `, ${failed(r)} failed` : '');
    const load_ = `${LOAD.connections} connections, ${LOAD.seconds} s`;
    return [
      row(
        `seed ${TICKETS} tickets + ${TICKETS * MESSAGES_PER_TICKET} messages (SQL)`,
        `${seedSeconds.toFixed(1)} s`,
      ),
      row(
        `getTicketStats over ${TICKETS} tickets, ${load_}`,
        fmt(stats),
        '>= 2000 req/s, p99 <= 50 ms',
        stats.rps >= 2000 && stats.p99 <= 50 && failed(stats) === 0,
      ),
      row(
        `getTickets (newest 200 of ${TICKETS}), ${load_}`,
        fmt(listDefault),
        'no errors',
        failed(listDefault) === 0,
      ),
      row(`getTickets (active, limit 50), ${load_}`, fmt(listActive), 'no errors', failed(listActive) === 0),
      row(
        `ticket engine: ${ENGINE_MESSAGES} live messages in ${ENGINE_GROUPS} groups`,
        `${Math.round(engineRate)} msg/s, server CPU ${Math.round(engineCpuPerMessage)} µs/msg`,
        '>= 2000 msg/s',
        engineRate >= 2000,
      ),
    ];
  } finally {
    await app?.close();
    await client.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [row('PostgreSQL', `skipped: ${POSTGRES} unreachable (${reason})`)];
  }
  const name = `wadesk_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const load = () => loadavg()[0]?.toFixed(1) ?? '?';
  const before = load();
  try {
    const rows = await measure(url.toString());
    const machine = `${availableParallelism()} cores shared by server, PostgreSQL and autocannon`;
    // Throughput here falls with whatever else runs on the machine; the CPU times above barely do.
    return [...rows, row(`load average (1 min) before / after; ${machine}`, `${before} / ${load()}`)];
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
