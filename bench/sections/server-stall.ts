// Does the server keep answering while it is fed its worst inputs? `/healthz` is asked every 10 ms over
// loopback while eight hostile zips upload in parallel (a chat text declaring ~120 MiB, one really
// inflating to 90 MiB, one of 30 MiB that is parsed), while four ~60 MB chats are saved in parallel, and
// while eight of the largest valid chats upload in parallel with a WhatsApp session's lease held
// (server-stall-uploads.ts).
// The load comes from a child process (server-stall-client.ts), so its own work neither slows this
// event loop nor counts in this process's memory, which is sampled alongside (worker threads included).
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type Row, rowsOf } from '../row';
import { ms, percentile } from '../stats';
import { holdALease, maxSizeExport, measureUploads, uploadRows } from './server-stall-uploads';

const row = rowsOf('server-stall');
const HEALTHZ_TARGET_MS = 50;
const MEMORY_TARGET_MB = 300;

function bombZip(chars: number): Uint8Array {
  const line = '12/01/2024, 10:00 - Mallory: the same words again and again\n';
  return zipSync({ 'WhatsApp Chat.txt': strToU8(line.repeat(Math.ceil(chars / line.length))) }, { level: 9 });
}

function saveBody(targetBytes: number): string {
  const text = 'a fairly long message of the kind people paste into a group, '.repeat(24);
  const count = Math.ceil(targetBytes / (text.length + 200));
  const data = Array.from({ length: count }, (_, i) => ({
    author: `Author ${i % 9}`,
    datetime: '12/01/2024, 10:00',
    content: text,
    has_attachment: false,
    media_type: null,
    date: '2024-01-12T10:00:00',
    has_captions: false,
    captions: '',
  }));
  return JSON.stringify({ chat_name: 'Big', data });
}

/** Runs the load in a child process; answers its statuses and the sizes of the answers. */
function load(base: string, authorization: string, kind: 'upload' | 'save', file: string, parallel: number) {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const args = [
    join(import.meta.dirname, 'server-stall-client.ts'),
    base,
    authorization,
    kind,
    file,
    String(parallel),
  ];
  return new Promise<{ statuses: number[]; bytes: number[] }>((resolve, reject) => {
    execFile(tsx, args, { maxBuffer: 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')),
    );
  });
}

/** Runs `work` while sampling `/healthz` latency and this process's RSS. */
async function underLoad(base: string, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  let peakRss = process.memoryUsage().rss;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await work();
  running = false;
  await sampler;
  return { latencies, peakRss };
}

function rowsFor(
  title: string,
  statuses: number[],
  sampled: { latencies: number[]; peakRss: number },
  idleRss: number,
): Row[] {
  const p99 = percentile(sampled.latencies, 99);
  const growth = (sampled.peakRss - idleRss) / 1024 / 1024;
  return [
    row(`${title}: answers`, [...new Set(statuses)].join(', ')),
    row(
      `  /healthz p99 (max) during them, ${sampled.latencies.length} probes`,
      `${ms(p99)} (${ms(Math.max(...sampled.latencies))})`,
      `<= ${HEALTHZ_TARGET_MS} ms`,
      p99 <= HEALTHZ_TARGET_MS,
    ),
    row(
      '  memory peak above idle',
      `${growth.toFixed(0)} MB`,
      `<= ${MEMORY_TARGET_MB} MB`,
      growth <= MEMORY_TARGET_MB,
    ),
  ];
}

export async function run(): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wadesk-stall-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 's'.repeat(32),
    UPLOAD_RATE_LIMIT: '1000',
    SAVE_RATE_LIMIT: '1000',
    // A simulated WhatsApp session holds a lease during the largest uploads.
    WHATSAPP_DRIVER: 'simulator',
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const rows: Row[] = [];
  try {
    const registered = await fetch(`${base}/users/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stall@example.com', password1: 'Secret!A', first_name: 'Stall' }),
    });
    const authorization = `Bearer ${(await registered.json()).access_token}`;
    // Written to files before the idle measure: the bench's own text must not count as the server's.
    const bombs: [string, string, number][] = [];
    for (const [label, chars] of [
      ['declares ~120 MiB', 120 * 1024 * 1024],
      ['inflates to 90 MiB', 90 * 1024 * 1024],
      ['inflates to 30 MiB and is parsed', 30 * 1024 * 1024],
    ] as const) {
      const zip = bombZip(chars);
      const file = join(dataDir, `bomb-${chars}.zip`);
      await writeFile(file, zip);
      bombs.push([label, file, zip.length]);
    }
    const saveFile = join(dataDir, 'save.json');
    const saveText = saveBody(60 * 1024 * 1024);
    await writeFile(saveFile, saveText);
    const saveMb = saveText.length / 1024 / 1024;
    const largest = await maxSizeExport(dataDir);
    // A linked (simulated) WhatsApp session, before the idle measure: what it holds is the server's at rest.
    const sessionId = await holdALease(app, base, dataDir, authorization);
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleRss = process.memoryUsage().rss;

    // First, so that nothing the hostile rows leave behind counts in its memory.
    const measured = await measureUploads(app, base, sessionId, () =>
      load(base, authorization, 'upload', largest.file, 8),
    );
    rows.push(...uploadRows(largest.bytes, measured, idleRss));
    global.gc?.();

    for (const [label, file, size] of bombs) {
      let statuses: number[] = [];
      const sampled = await underLoad(base, async () => {
        ({ statuses } = await load(base, authorization, 'upload', file, 8));
      });
      rows.push(
        ...rowsFor(
          `8 parallel uploads, zip ${(size / 1024).toFixed(0)} KB that ${label}`,
          statuses,
          sampled,
          idleRss,
        ),
      );
      global.gc?.();
    }
    let statuses: number[] = [];
    const sampled = await underLoad(base, async () => {
      ({ statuses } = await load(base, authorization, 'save', saveFile, 4));
    });
    rows.push(...rowsFor(`4 parallel saves of ${saveMb.toFixed(0)} MB`, statuses, sampled, idleRss));
  } finally {
    await app.close();
  }
  return rows;
}
