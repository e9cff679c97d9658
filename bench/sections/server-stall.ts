// Does the server keep answering while it is fed its worst inputs? `/healthz` is asked every 10 ms over
// loopback while eight zips whose chat text declares ~120 MiB (and eight that really inflate to 90 MiB)
// upload in parallel, and while four ~60 MB chats are saved in parallel; the process's memory (worker
// threads included) is sampled alongside.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { rowsOf } from '../row';
import { ms, percentile } from '../stats';

const row = rowsOf('server-stall');
const HEALTHZ_TARGET_MS = 50;
const MEMORY_TARGET_MB = 300;

function bombZip(chars: number): Uint8Array {
  const line = '12/01/2024, 10:00 - Mallory: the same words again and again\n';
  return zipSync({ 'WhatsApp Chat.txt': strToU8(line.repeat(Math.ceil(chars / line.length))) }, { level: 9 });
}

function multipart(bytes: Uint8Array) {
  const boundary = '----wadeskstall';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file_uploaded"; filename="chat.zip"\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
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

/** Runs `work` while sampling `/healthz` latency and RSS; answers the samples. */
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
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  running = false;
  await sampler;
  return { latencies, peakRss, took };
}

export async function run() {
  const dataDir = await mkdtemp(join(tmpdir(), 'wadesk-stall-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 's'.repeat(32),
    UPLOAD_RATE_LIMIT: '1000',
    SAVE_RATE_LIMIT: '1000',
  });
  const app: FastifyInstance = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const rows = [];
  try {
    const registered = await fetch(`${base}/users/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stall@example.com', password1: 'Secret!A', first_name: 'Stall' }),
    });
    const authorization = `Bearer ${(await registered.json()).access_token}`;
    // Built before the idle measure: the bench's own 120 MiB of text must not count as the server's.
    const bombs = [
      ['declares ~120 MiB', bombZip(120 * 1024 * 1024)],
      ['inflates to 90 MiB', bombZip(90 * 1024 * 1024)],
      ['inflates to 30 MiB and is parsed', bombZip(30 * 1024 * 1024)],
    ] as const;
    const body = saveBody(60 * 1024 * 1024);
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const idleRss = process.memoryUsage().rss;

    for (const [label, zip] of bombs) {
      const form = multipart(zip);
      const statuses: number[] = [];
      const load = await underLoad(base, () =>
        Promise.all(
          Array.from({ length: 8 }, async () => {
            const response = await fetch(`${base}/v1/uploadfile/`, {
              method: 'POST',
              headers: { ...form.headers, authorization },
              body: form.body,
            });
            statuses.push(response.status);
            await response.arrayBuffer();
          }),
        ),
      );
      const p99 = percentile(load.latencies, 99);
      const growth = (load.peakRss - idleRss) / 1024 / 1024;
      rows.push(
        row(
          `8 parallel uploads, zip ${(zip.length / 1024).toFixed(0)} KB that ${label}: answers`,
          [...new Set(statuses)].join(', '),
        ),
        row(
          `  /healthz p99 (max) during them, ${load.latencies.length} probes`,
          `${ms(p99)} (${ms(Math.max(...load.latencies))})`,
          `<= ${HEALTHZ_TARGET_MS} ms`,
          p99 <= HEALTHZ_TARGET_MS,
        ),
        row(
          '  memory peak above idle',
          `${growth.toFixed(0)} MB`,
          `<= ${MEMORY_TARGET_MB} MB`,
          growth <= MEMORY_TARGET_MB,
        ),
      );
      global.gc?.();
    }

    const statuses: number[] = [];
    const load = await underLoad(base, () =>
      Promise.all(
        Array.from({ length: 4 }, async () => {
          const response = await fetch(`${base}/v1/saveChatData/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization },
            body,
          });
          statuses.push(response.status);
          await response.arrayBuffer();
        }),
      ),
    );
    const p99 = percentile(load.latencies, 99);
    const growth = (load.peakRss - idleRss) / 1024 / 1024;
    rows.push(
      row(
        `4 parallel saves of ${(body.length / 1024 / 1024).toFixed(0)} MB: answers`,
        [...new Set(statuses)].join(', '),
      ),
      row(
        `  /healthz p99 (max) during them, ${load.latencies.length} probes`,
        `${ms(p99)} (${ms(Math.max(...load.latencies))})`,
        `<= ${HEALTHZ_TARGET_MS} ms`,
        p99 <= HEALTHZ_TARGET_MS,
      ),
      row(
        '  memory peak above idle',
        `${growth.toFixed(0)} MB`,
        `<= ${MEMORY_TARGET_MB} MB`,
        growth <= MEMORY_TARGET_MB,
      ),
    );
  } finally {
    await app.close();
  }
  return rows;
}
