// `npm run bench [-- name…]`: runs every section (or those named) and prints one table.
// Add a section with one line below; a section module exports `async function run(): Promise<Row[]>`.
import type { Row, Section } from './row';

const SECTIONS: [name: string, load: () => Promise<Section>][] = [
  ['chat-parse', () => import('./sections/chat-parse')],
  ['chat-analyse', () => import('./sections/chat-analyse')],
  ['business-time', () => import('./sections/business-time')],
  ['browser-first-paint', () => import('./sections/browser-first-paint')],
  ['web-bundle', () => import('./sections/web-bundle')],
  ['server-chats', () => import('./sections/server-chats')],
  ['server-stall', () => import('./sections/server-stall')],
  ['tickets', () => import('./sections/tickets')],
  ['inbox', () => import('./sections/inbox')],
  ['reports', () => import('./sections/reports')],
  ['whatsapp-sessions', () => import('./sections/whatsapp-sessions')],
  ['whatsapp-full-sync', () => import('./sections/whatsapp-full-sync')],
  ['whatsapp-media', () => import('./sections/whatsapp-media')],
  ['scale-out', () => import('./sections/scale-out')],
];

function printTable(rows: Row[]): void {
  const header = ['section', 'metric', 'value', 'target', 'ok'];
  const cells = rows.map((r) => [
    r.section,
    r.metric,
    r.value,
    r.target,
    r.ok === null ? '' : r.ok ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((row) => (row[c] as string).length)));
  const line = (row: string[]) => row.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of cells) console.log(line(row));
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: Row[] = [];
  for (const [name, load] of SECTIONS) {
    if (only.length > 0 && !only.includes(name)) continue;
    process.stderr.write(`bench: ${name}…\n`);
    try {
      rows.push(...(await (await load()).run()));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      rows.push({
        section: name,
        metric: 'error',
        value: message.split('\n')[0] ?? '',
        target: 'runs',
        ok: false,
      });
    }
  }
  printTable(rows);
  const failed = rows.filter((r) => r.ok === false).length;
  console.log(`\n${rows.length} rows, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
