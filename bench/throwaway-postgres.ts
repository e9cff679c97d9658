import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import type { Row } from './row';

/** The PostgreSQL the bench measures on (CI's and this machine's, on loopback). */
export const BENCH_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `measure` with the URL of a new, empty database on the bench's PostgreSQL and drops it afterwards;
 * when PostgreSQL does not answer, returns `unreachable(reason)` instead. The rows end with the machine's
 * load before and after: throughput falls with whatever else runs on the machine, CPU times barely do.
 */
export async function onThrowawayDatabase(
  row: (metric: string, value: string) => Row,
  measure: (url: string) => Promise<Row[]>,
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [row('PostgreSQL', `skipped: ${BENCH_POSTGRES} unreachable (${reason})`)];
  }
  const name = `wadesk_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_POSTGRES);
  url.pathname = `/${name}`;
  const load = () => loadavg()[0]?.toFixed(1) ?? '?';
  const before = load();
  try {
    const rows = await measure(url.toString());
    const machine = `${availableParallelism()} cores shared by server, PostgreSQL and autocannon`;
    return [...rows, row(`load average (1 min) before / after; ${machine}`, `${before} / ${load()}`)];
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
