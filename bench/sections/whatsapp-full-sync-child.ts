// Child process of the whatsapp-sessions section: a large account's full history sync through the real driver
// and runner over the scripted Baileys socket, with every chunk decoded by Baileys itself
// (downloadAndProcessHistorySyncNotification, apps/server/test-support/whatsapp/scripted-whatsapp.ts
// historySync). Prints, as one JSON line, the time from the first chunk until every group message was passed
// on, the CPU time of that span, and the heap's peak above its start.
// `tsx --expose-gc whatsapp-full-sync-child.ts <1:1 chats> <messages per chat> <groups>`.
import { proto } from 'baileys';
import { createHarness } from '../../apps/server/test-support/whatsapp/harness';
import {
  directMessage,
  groupMessage,
  groupMetadata,
  historySyncNotification,
} from '../../apps/server/test-support/whatsapp/scripted-whatsapp';

const [chatsText = '2000', perChatText = '50', groupsText = '50'] = process.argv.slice(2);
const chats = Number(chatsText);
const perChat = Number(perChatText);
const groupCount = Number(groupsText);
const CHATS_PER_CHUNK = 100; // conversations per history notification

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (i: number) => `message ${i}: ${'lorem ipsum dolor sit amet '.repeat(3)}`;

async function main(): Promise<void> {
  const groups = Array.from({ length: groupCount }, (_, g) =>
    groupMetadata(`1203630000000${String(g).padStart(5, '0')}@g.us`, `Group ${g}`, []),
  );
  // The phone's history, encoded as WhatsApp sends it before anything is measured: 1:1 chats and groups
  // spread over the chunks, each conversation's messages newest first.
  const conversations = [
    ...Array.from({ length: chats }, (_, c) => {
      const id = `49170${String(c).padStart(8, '0')}@s.whatsapp.net`;
      return {
        id,
        name: `Contact ${c}`,
        messages: Array.from({ length: perChat }, (_, i) => directMessage(id, text(i))),
      };
    }),
    ...groups.map((group, g) => ({
      id: group.id,
      name: group.subject,
      messages: Array.from({ length: perChat }, (_, i) =>
        groupMessage(
          group.id,
          `49151${String((g * perChat + i) % 997).padStart(8, '0')}@s.whatsapp.net`,
          text(i),
        ),
      ),
    })),
  ];
  const step = Math.max(1, Math.floor(conversations.length / Math.max(1, groupCount)));
  for (let g = 0; g < groupCount; g++) {
    // Move each group to its own place among the 1:1 chats.
    const [group] = conversations.splice(chats + g, 1);
    if (group) conversations.splice(g * step, 0, group);
  }
  const notifications: proto.Message.IHistorySyncNotification[] = [];
  for (let start = 0; start < conversations.length; start += CHATS_PER_CHUNK) {
    notifications.push(
      historySyncNotification(
        start === 0
          ? proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP
          : proto.HistorySync.HistorySyncType.FULL,
        conversations.slice(start, start + CHATS_PER_CHUNK),
      ),
    );
  }
  conversations.length = 0;

  const h = createHarness({ groups }, { listGroupsOnOpen: true });
  let received = 0;
  // The harness's hooks record everything; the bench only needs the counts, so it drains them.
  const drain = setInterval(() => {
    for (const r of h.received.splice(0)) if (r.kind === 'history') received += r.batch.messages.length;
  }, 5);
  h.runner.start();
  const first = await h.wa.socket(1);
  first.qr();
  await h.until(() => h.runner.state().qr);
  first.scan({ pn: '4917012345678@s.whatsapp.net', lid: '12345678901234@lid' });
  const socket = await h.wa.socket(2);
  socket.open();
  await h.until(() => h.status() === 'connected');

  await settle(200);
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const notification of notifications) await socket.historySync(notification);
  await h.until(() => (received >= groupCount * perChat ? true : null), 60_000);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sample);
  clearInterval(drain);
  await h.runner.stop('end');
  console.log(
    JSON.stringify({
      chats,
      perChat,
      groups: groupCount,
      chunks: notifications.length,
      received,
      ms,
      cpuMs: (used.user + used.system) / 1000,
      peakDelta: peak - start,
    }),
  );
  process.exit(0);
}

await main();
