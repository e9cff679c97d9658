// Does the server keep answering while it is fed its worst inputs? `/healthz` is asked every 10 ms over
// loopback while eight hostile zips upload in parallel (a chat text declaring ~120 MiB, one really
// inflating to 90 MiB, one of 30 MiB that is parsed), while four ~60 MB chats are saved in parallel, and
// while eight of the largest valid chats upload in parallel with a WhatsApp session's lease held
// (server-stall-uploads.ts).
// The load comes from a child process (server-stall-client.ts), so its own work neither slows this
// event loop nor counts in this process's memory, which is sampled alongside (worker threads included).
// Last, one client holds 2,400 slow connections (slow-connections.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { type Row, rowsOf } from '../row';
import { ms, percentile } from '../stats';
import { load, startServer } from './server-stall-server';
import { largestUploadRows } from './server-stall-uploads';
import { slowConnectionRows } from './slow-connections';

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
  const rows = await hostileRows();
  // On a server of its own, so that nothing the rows above leave behind counts in its memory.
  rows.push(...(await largestUploadRows()));
  return rows;
}

async function hostileRows(): Promise<Row[]> {
  const { app, base, dataDir, authorization } = await startServer();
  const rows: Row[] = [];
  try {
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
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleRss = process.memoryUsage().rss;

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
    const address = app.server.address();
    rows.push(...(await slowConnectionRows(app, typeof address === 'object' && address ? address.port : 0)));
  } finally {
    await app.close();
  }
  return rows;
}
