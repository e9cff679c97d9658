// The server-stall row for the largest valid upload: 8 parallel uploads of a 50,000-message chat (the most
// a chat may hold) whose answer is ~43 MB of JSON, while the instance holds a WhatsApp session's lease.
// Measured: the longest time the event loop was held (perf_hooks' delay histogram), /healthz, memory above
// idle, and whether the lease survived (an instance that cannot renew closes its sessions: session-leases.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { internalsOf } from '../../apps/server/src/app-internals';
import { generateChat } from '../generate';
import { type Row, rowsOf } from '../row';
import { ms, percentile } from '../stats';
import { load, startServer } from './server-stall-server';

const row = rowsOf('server-stall');
const BLOCK_TARGET_MS = 50;
const HEALTHZ_TARGET_MS = 50;
const MEMORY_TARGET_MB = 300;
const MESSAGES = 50_000;
// Each message carries this much more text than the generator's: 50,000 of them make a ~43 MB answer
// that still zips under the 4 MB upload limit (it repeats).
const FILLER = ` ${'and a longer paragraph of the kind people write when they explain something at length, '.repeat(6)}and a few more words to end it with.`;

/** The row, on a server of its own with a simulated WhatsApp session linked. */
export async function largestUploadRows(): Promise<Row[]> {
  const { app, base, dataDir, authorization } = await startServer({ WHATSAPP_DRIVER: 'simulator' });
  try {
    // Written before the idle measure: the bench's own text must not count as the server's.
    const largest = await maxSizeExport(dataDir);
    // Linked before the idle measure too: what the session holds is the server's at rest.
    const sessionId = await holdALease(app, base, dataDir, authorization);
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleRss = process.memoryUsage().rss;
    const measured = await measureUploads(app, base, sessionId, () =>
      load(base, authorization, 'upload', largest.file, 8),
    );
    return uploadRows(largest.bytes, measured, idleRss);
  } finally {
    await app.close();
  }
}

/** A zip of the largest chat a user may upload, written to `dir`; answers its path and size. */
async function maxSizeExport(dir: string): Promise<{ file: string; bytes: number }> {
  const chat = generateChat({ messages: MESSAGES, seed: 25 });
  const text = chat.android
    .split('\n')
    .map((line) => (/^\d\d\/\d\d\/\d{4}, \d\d:\d\d - [^:]+: /.test(line) ? line + FILLER : line))
    .join('\n');
  const zip = zipSync({ 'WhatsApp Chat with Team.txt': strToU8(text) }, { level: 9 });
  const file = join(dir, 'max-size.zip');
  await writeFile(file, zip);
  return { file, bytes: zip.length };
}

async function call<T>(base: string, path: string, body: object, authorization?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  // generateQRCode answers the code as a PNG.
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return (json ? await response.json() : await response.arrayBuffer()) as T;
}

/** The verification link's token from the mail the server wrote to DATA_DIR/outbox (no SMTP configured). */
async function verificationToken(dataDir: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    for (const name of names) {
      const mail = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = mail.match(/\/verify-email\?token=([\w-]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no verification mail in the outbox');
}

/**
 * Verifies the bench's account and links a simulated WhatsApp session, so this instance holds a lease
 * the uploads must not make it lose. Answers the session's id once the lease is held.
 */
async function holdALease(
  app: FastifyInstance,
  base: string,
  dataDir: string,
  authorization: string,
): Promise<string> {
  await call(base, '/users/verify-email/', { token: await verificationToken(dataDir) });
  const { sessionID } = await call<{ sessionID: string }>(
    base,
    '/api/startSession/',
    { session_name: 'Desk', description: 'bench' },
    authorization,
  );
  await call(base, '/api/generateQRCode/', { sessionID }, authorization);
  await call(base, `/sim/sessions/${sessionID}/scan`, {}, authorization);
  const leases = internalsOf(app).leases;
  for (let attempt = 0; attempt < 100 && !leases.holds(sessionID); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!leases.holds(sessionID)) throw new Error('the simulated session holds no lease');
  await quietLoop();
  return sessionID;
}

/**
 * Waits (at most 20 s) for a second in which the event loop is never held 50 ms: linking syncs the
 * simulated phone's groups and history, which holds this loop for about a second, and the row measures
 * the uploads, not the link.
 */
async function quietLoop(): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    delay.disable();
    if (delay.max / 1e6 < BLOCK_TARGET_MS) return;
  }
}

interface UploadsMeasure {
  statuses: number[];
  answerBytes: number[];
  latencies: number[];
  /** /healthz probes that got no answer (the connection reset or refused). */
  failedProbes: number;
  peakRss: number;
  longestBlockMs: number;
  leaseKept: boolean;
}

/** Runs `work` while sampling the event loop's delay, `/healthz` latency and RSS, and watching the lease. */
async function measureUploads(
  app: FastifyInstance,
  base: string,
  sessionId: string,
  work: () => Promise<{ statuses: number[]; bytes: number[] }>,
): Promise<UploadsMeasure> {
  const leases = internalsOf(app).leases;
  const before = leases.holds(sessionId);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const latencies: number[] = [];
  let failedProbes = 0;
  let peakRss = process.memoryUsage().rss;
  let leaseKept = true;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
        latencies.push(performance.now() - started);
      } catch {
        failedProbes++;
      }
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (leases.holds(sessionId)?.epoch !== before?.epoch) leaseKept = false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  delay.enable();
  const { statuses, bytes } = await work();
  delay.disable();
  running = false;
  await sampler;
  // The heartbeat renews every 4 s: wait for one more, then ask again.
  await new Promise((resolve) => setTimeout(resolve, 4_500));
  if (leases.holds(sessionId)?.epoch !== before?.epoch) leaseKept = false;
  return {
    statuses,
    answerBytes: bytes,
    latencies,
    failedProbes,
    peakRss,
    longestBlockMs: delay.max / 1e6,
    leaseKept,
  };
}

function uploadRows(zipBytes: number, measured: UploadsMeasure, idleRss: number): Row[] {
  const p99 = percentile(measured.latencies, 99);
  const growth = (measured.peakRss - idleRss) / 1024 / 1024;
  const answerMb = Math.max(...measured.answerBytes) / 1024 / 1024;
  return [
    row(
      `8 parallel maximum-size valid uploads (${MESSAGES.toLocaleString('en')} messages, zip ${(zipBytes / 1024 / 1024).toFixed(1)} MB, answer ${answerMb.toFixed(1)} MB): answers`,
      [...new Set(measured.statuses)].join(', '),
      '200',
      measured.statuses.every((status) => status === 200),
    ),
    row(
      '  longest event-loop block during them',
      ms(measured.longestBlockMs),
      `<= ${BLOCK_TARGET_MS} ms`,
      measured.longestBlockMs <= BLOCK_TARGET_MS,
    ),
    row(
      `  /healthz p99 (max) during them, ${measured.latencies.length} probes answered, ${measured.failedProbes} not`,
      `${ms(p99)} (${ms(Math.max(...measured.latencies))})`,
      `<= ${HEALTHZ_TARGET_MS} ms, all answered`,
      p99 <= HEALTHZ_TARGET_MS && measured.failedProbes === 0,
    ),
    row(
      '  memory peak above idle',
      `${growth.toFixed(0)} MB`,
      `<= ${MEMORY_TARGET_MB} MB`,
      growth <= MEMORY_TARGET_MB,
    ),
    row('  session lease kept', measured.leaseKept ? 'yes' : 'no', 'yes', measured.leaseKept),
  ];
}
