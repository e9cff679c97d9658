// A large account's full history sync: 2,000 1:1 chats and 50 groups of 50 messages each, every chunk decoded
// by Baileys itself and passed through the real driver and runner over the scripted socket, in a fresh child
// process (whatsapp-full-sync-child.ts). Only the groups' messages are kept (decision 0015 §6); the row shows
// what the whole sync costs the server: time, CPU and the heap's peak above its start.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Row, rowsOf } from '../row';

const row = rowsOf('whatsapp-full-sync');
const run$ = promisify(execFile);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface FullSyncResult {
  chats: number;
  perChat: number;
  groups: number;
  chunks: number;
  received: number;
  ms: number;
  cpuMs: number;
  peakDelta: number;
}

export async function run(): Promise<Row[]> {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const { stdout } = await run$(
    tsx,
    ['--expose-gc', join(import.meta.dirname, 'whatsapp-full-sync-child.ts'), '2000', '50', '50'],
    { maxBuffer: 1024 * 1024, timeout: 120_000 },
  );
  const r = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as FullSyncResult;
  const n = (value: number) => value.toLocaleString('en');
  return [
    row(
      `full sync: ${n(r.chats)} 1:1 chats + ${r.groups} groups × ${r.perChat} msgs in ${r.chunks} chunks, decoded by Baileys (scripted socket, driver + runner)`,
      `${Math.round(r.ms)} ms (CPU ${Math.round(r.cpuMs)} ms), heap peak +${mb(r.peakDelta)}; ${n(r.received)} group msgs passed on`,
    ),
  ];
}
