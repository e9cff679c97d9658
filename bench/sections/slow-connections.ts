// The server-stall row "2,400 slow connections from one address": a child process (server-stall-slow-client.ts)
// opens them from 127.0.0.1 with headers that never end, more than MAX_CONNECTIONS (2048) on its own;
// meanwhile /healthz is asked every 50 ms on the health listener (HEALTH_PORT) and on the main port from a
// second address, 127.0.0.2, each on a new connection (a refused one fails at once), and for a second
// before the attack, to compare on a machine whose load varies.
import { execFile, execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { closeHealthListener, listenForHealth } from '../../apps/server/src/http/health-listener';
import { type Row, rowsOf } from '../row';
import { ms, percentile } from '../stats';

const row = rowsOf('server-stall');
const WANTED = 2400;
const HOLD_MS = 4000;
const PROBE_EVERY_MS = 50;

/** One GET /healthz on a connection of its own from `from`: its latency, or null when it was not answered. */
function probe(port: number, from: string): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, localAddress: from, path: '/healthz', agent: false, timeout: 2000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

async function probeUntil(port: number, from: string, stop: () => boolean): Promise<(number | null)[]> {
  const results: (number | null)[] = [];
  while (!stop()) {
    results.push(await probe(port, from));
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return results;
}

const latencyOf = (results: (number | null)[]) => results.filter((value): value is number => value !== null);

/** "n/n answered" is the target; latencies are reported beside the same probes' before the attack. */
function answered(title: string, results: (number | null)[], before: (number | null)[]): Row {
  const latencies = latencyOf(results);
  const idle = latencyOf(before);
  const all = latencies.length === results.length && results.length > 0;
  const timing = latencies.length
    ? `; p50 ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}` +
      (idle.length ? ` (before: p50 ${ms(percentile(idle, 50))}, max ${ms(Math.max(...idle))})` : '')
    : '';
  return row(title, `${latencies.length}/${results.length}${timing}`, 'all answered', all);
}

/** Runs the attack against `app` (listening on `port`) with a health listener of its own. */
export async function slowConnectionRows(app: FastifyInstance, port: number): Promise<Row[]> {
  // Each attempt is a descriptor in the child; stay under the soft limit it inherits.
  const fileLimit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()) || 1024;
  const count = Math.min(WANTED, fileLimit - 200);
  const health = await listenForHealth(app, { host: '127.0.0.1', port: 0 });
  const address = health.address();
  const healthPort = typeof address === 'object' && address ? address.port : 0;
  try {
    const probeBoth = (stop: () => boolean) =>
      Promise.all([probeUntil(healthPort, '127.0.0.1', stop), probeUntil(port, '127.0.0.2', stop)]);
    const idleUntil = performance.now() + 1000;
    const [healthBefore, otherBefore] = await probeBoth(() => performance.now() > idleUntil);
    const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
    const child = execFile(tsx, [
      join(import.meta.dirname, 'server-stall-slow-client.ts'),
      String(port),
      String(count),
      String(HOLD_MS),
    ]);
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        if (output.includes('ready')) resolve();
      });
      child.once('exit', () => reject(new Error(`the slow client exited early: ${output}`)));
    });
    const finished = new Promise<{ held: number; closed: number }>((resolve, reject) => {
      child.once('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}'))
          : reject(new Error(`slow client exit ${code}`)),
      );
    });
    await ready;
    const until = performance.now() + HOLD_MS - 1000;
    const stop = () => performance.now() > until;
    const [[healthResults, otherResults], sameResults] = await Promise.all([
      probeBoth(stop),
      probeUntil(port, '127.0.0.1', stop),
    ]);
    const { held, closed } = await finished;
    const same = sameResults.filter((value) => value !== null).length;
    return [
      row(
        `${count.toLocaleString('en')} slow connections from one address (ulimit -n ${fileLimit}): kept open, closed at once`,
        `${held}, ${closed}`,
      ),
      answered('  health listener (HEALTH_PORT) /healthz during them', healthResults, healthBefore),
      answered('  main port /healthz from a second address during them', otherResults, otherBefore),
      row(
        '  main port from the same address during them (refused: its cap is full)',
        `${same}/${sameResults.length}`,
      ),
    ];
  } finally {
    await closeHealthListener(health);
  }
}
