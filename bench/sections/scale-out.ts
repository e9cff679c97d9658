// Several server processes on one PostgreSQL (docs/architecture.md, scale-out): how long an event takes from
// a message arriving on the instance that owns the session to a browser's event stream on another
// instance, and how long the other instance takes to run the session after the owner's process is killed.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { type Row, rowsOf } from '../row';
import { percentile } from '../stats';

const SECTION = 'scale-out';
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = 300;
/** One message every 20 ms (50/s in one group): the latency of the path, not of a queue built by flooding it. */
const PACE_MS = 20;
const row = rowsOf(SECTION);

interface Instance {
  child: ChildProcess;
  base: string;
  instanceId: string;
  /** Its DATA_DIR: without SMTP_URL its mails are files in outbox/. */
  dataDir: string;
}

function startInstance(url: string): Promise<Instance> {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const child = spawn(tsx, [join(import.meta.dirname, 'instance-child.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      JWT_SECRET: 's'.repeat(40),
      STORAGE_SIGNING_SECRET: 't'.repeat(40),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group: tsx runs the server in a child of its own
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      const { port, instanceId, dataDir } = JSON.parse(line) as Omit<Instance, 'child' | 'base'> & {
        port: number;
      };
      resolve({ child, base: `http://127.0.0.1:${port}`, instanceId, dataDir });
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
}

/** Like a crash: the whole process group at once, no graceful stop. */
function kill(instance: Instance): void {
  try {
    process.kill(-(instance.child.pid as number), 'SIGKILL');
  } catch {
    // already gone
  }
}

async function call<T>(base: string, path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (response.headers.get('content-type')?.includes('json') ? response.json() : undefined) as T;
}

/** Opens the verification link the instance mailed (linking a session needs a verified address). */
async function verifyByMail(instance: Instance): Promise<void> {
  const outbox = join(instance.dataDir, 'outbox');
  for (const name of await readdir(outbox)) {
    // Quoted-printable: soft line breaks, and "=" written as =3D.
    const mail = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = mail.match(/\/verify-email\?token=([\w-]+)/)?.[1];
    if (!token) continue;
    await call(instance.base, '/users/verify-email/', { token });
    return;
  }
  throw new Error(`no verification mail in ${outbox}`);
}

async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  ms: number,
  what: string,
  last?: () => Promise<string>,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${await last()}` : ''}`);
}

/** An event stream on `base`: calls `onMessage(body, receivedAt)` for every new group message. */
async function listen(base: string, token: string, onMessage: (body: string, at: number) => void) {
  const { stream_token } = await call<{ stream_token: string }>(base, '/events/stream-token/', {}, token);
  const req = request(`${base}/events/?stream_token=${encodeURIComponent(stream_token)}`, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        const event = data ? JSON.parse(data.slice(6)) : null;
        if (event?.type === 'messages.new')
          for (const m of event.messages) onMessage(m.body, performance.now());
      }
    });
  });
  req.end();
  return () => req.destroy();
}

async function measure(url: string, db: pg.Client): Promise<Row[]> {
  const a = await startInstance(url);
  const b = await startInstance(url);
  try {
    const { access_token: token } = await call<{ access_token: string }>(a.base, '/users/register/', {
      email: 'scale@example.com',
      password1: 'Secret!A',
      first_name: 'Scale',
      last_name: '',
    });
    await verifyByMail(a);
    const { sessionID } = await call<{ sessionID: string }>(
      a.base,
      '/api/startSession/',
      { session_name: 'Desk', description: 'bench' },
      token,
    );
    await call(a.base, '/api/generateQRCode/', { sessionID }, token);
    await call(a.base, `/sim/sessions/${sessionID}/scan`, {}, token);
    const groups = await until(
      async () => {
        const list = await call<{ groups: { group_id: string }[] }>(a.base, '/api/getGroups/', {}, token);
        return list.groups.length > 0 && list.groups;
      },
      20_000,
      'groups',
    );
    const group = groups[0]?.group_id as string;

    // Fan-out: messages arrive on A (the owner); a browser's stream is on B.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const stop = await listen(b.base, token, (body, at) => {
      const sent = sentAt.get(body);
      if (sent !== undefined) latencies.push(at - sent);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < MESSAGES; i++) {
      const body = `fan-out ${i}`;
      sentAt.set(body, performance.now());
      await call(a.base, `/sim/sessions/${sessionID}/incoming`, { group_id: group, body }, token);
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
    await until(async () => latencies.length === MESSAGES, 20_000, 'every event on the other instance');
    stop();

    // Takeover: A's process is killed; B must run the session from its stored creds.
    const owner = async () =>
      (await db.query('select owner_id, status from wa_sessions where id = $1', [sessionID])).rows[0];
    if ((await owner())?.owner_id !== a.instanceId) throw new Error('A does not own the session');
    const killedAt = performance.now();
    kill(a);
    await until(
      async () => {
        const row = await owner();
        return row?.owner_id === b.instanceId && row.status === 'connected';
      },
      60_000,
      'takeover',
      async () => JSON.stringify({ ...(await owner()), a: a.instanceId, b: b.instanceId }),
    );
    const takeover = (performance.now() - killedAt) / 1000;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    return [
      row(
        `event fan-out, message on instance A → event stream on instance B (${MESSAGES} messages, 50/s, separate processes)`,
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        'p99 <= 100 ms',
        p99 <= 100,
      ),
      row(
        'takeover: owner process killed → session connected on the other instance (lease 15 s)',
        `${takeover.toFixed(1)} s`,
        '<= 30 s',
        takeover <= 30,
      ),
    ];
  } finally {
    for (const instance of [a, b]) kill(instance);
  }
}

export async function run(): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    return [row('PostgreSQL', `skipped: ${POSTGRES} unreachable (${(error as Error).message})`)];
  }
  const name = `wadesk_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const { createDatabase, migrateDatabase } = await import('../../apps/server/src/db/client');
  const database = await createDatabase(url.toString());
  await migrateDatabase(database);
  await database.close();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    return await measure(url.toString(), db);
  } finally {
    await db.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
