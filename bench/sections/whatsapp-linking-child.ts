// Child process of the whatsapp-sessions section: links one session through the real driver and runner over
// the scripted Baileys socket (apps/server/test-support/whatsapp/scripted-whatsapp.ts) while the phone sends a
// large history, and prints the heap's peak above its start as one JSON line.
// `tsx --expose-gc whatsapp-linking-child.ts <direct messages> <group messages>`.
import { proto } from 'baileys';
import { createHarness } from '../../apps/server/test-support/whatsapp/harness';
import {
  directMessage,
  groupMessage,
  groupMetadata,
} from '../../apps/server/test-support/whatsapp/scripted-whatsapp';

const [directText = '20000', groupText = '5000'] = process.argv.slice(2);
const direct = Number(directText);
const inGroups = Number(groupText);
const CHUNK = 1_000; // messages per history notification
const GROUPS = 50;
const CONTACTS = 2_000;

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (i: number) => `message ${i}: ${'lorem ipsum dolor sit amet '.repeat(4)}`;

async function main(): Promise<void> {
  const groups = Array.from({ length: GROUPS }, (_, g) =>
    groupMetadata(`1203630000000${String(g).padStart(5, '0')}@g.us`, `Group ${g}`, []),
  );
  const h = createHarness({ groups }, { listGroupsOnOpen: true });
  // What the gateway does with a batch: holds it until its turn to be stored comes (one at a time).
  let work = Promise.resolve();
  let stored = 0;
  let received = 0;
  const hold = (count: number) => {
    work = work.then(async () => {
      await settle(1);
      stored += count;
    });
  };
  // The harness's hooks record everything; the bench only needs the counts, so it drains them.
  const drain = setInterval(() => {
    for (const r of h.received.splice(0)) {
      if (r.kind === 'history') {
        received += r.batch.messages.length;
        hold(r.batch.messages.length);
      }
    }
  }, 5);

  await settle(200);
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  const started = performance.now();

  h.runner.start();
  const first = await h.wa.socket(1);
  first.qr();
  await h.until(() => h.runner.state().qr);
  first.scan({ pn: '4917012345678@s.whatsapp.net', lid: '12345678901234@lid' });
  const socket = await h.wa.socket(2);
  socket.open();
  await h.until(() => h.status() === 'connected');

  // The phone's history: 1:1 chats and groups interleaved, in chunks as the phone sends them.
  const total = direct + inGroups;
  for (let sent = 0, chunkNo = 0; sent < total; chunkNo++) {
    const messages = [];
    for (let i = 0; i < CHUNK && sent < total; i++, sent++) {
      // Spread evenly: exactly `inGroups` of the `total` messages are group messages.
      const isGroup = Math.floor(((sent + 1) * inGroups) / total) > Math.floor((sent * inGroups) / total);
      messages.push(
        isGroup
          ? groupMessage(
              groups[sent % GROUPS]?.id ?? '',
              `49151${String(sent % 997).padStart(8, '0')}@s.whatsapp.net`,
              text(sent),
            )
          : directMessage(`49170${String(sent % CONTACTS).padStart(8, '0')}@s.whatsapp.net`, text(sent)),
      );
    }
    await socket.history({
      messages,
      contacts:
        chunkNo === 0
          ? Array.from({ length: CONTACTS }, (_, c) => ({
              id: `49170${String(c).padStart(8, '0')}@s.whatsapp.net`,
              notify: `Contact ${c}`,
            }))
          : [],
      syncType:
        chunkNo === 0
          ? proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP
          : proto.HistorySync.HistorySyncType.RECENT,
    });
  }
  await settle(300); // Baileys' flush timer (event-buffer.js:141-168)
  await h.until(() => h.received.length === 0 && stored === received, 60_000);
  await work;
  const ms = performance.now() - started;
  clearInterval(sample);
  clearInterval(drain);
  await h.runner.stop('end');
  console.log(JSON.stringify({ direct, inGroups, received, peakDelta: peak - start, ms }));
  process.exit(0);
}

await main();
