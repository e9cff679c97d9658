// analyseChat on the 40,000-message exports (Android and iOS), next to parseChat of the same
// file, its retained memory, and selectMessages for a few chart filters.
import { analyseChat, type ChatMessage, parseChat, selectMessages } from '@wadesk/chat-export';
import { generateChat } from '../generate';
import type { Row } from '../row';
import { median, ms, time } from '../stats';

const SECTION = 'chat-analyse';
const RUNS = 9;
const TARGET_MS = 300;
const TARGET_MB = 60;

function row(metric: string, value: string, target = '', ok: boolean | null = null): Row {
  return { section: SECTION, metric, value, target, ok };
}

/** Parse and analyse the same text, interleaved after a warm-up. */
function timing(platform: string, text: string): Row[] {
  const { messages } = parseChat(text);
  for (let r = 0; r < 3; r++) analyseChat(messages);
  const parses: number[] = [];
  const analyses: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    parses.push(time(() => parseChat(text)));
    analyses.push(time(() => analyseChat(messages)));
  }
  const analyse = median(analyses);
  return [
    row(`parseChat ${platform}, ${messages.length} messages (median of ${RUNS})`, ms(median(parses))),
    row(
      `analyseChat ${platform} (median of ${RUNS})`,
      ms(analyse),
      `<= ${TARGET_MS} ms`,
      analyse <= TARGET_MS,
    ),
  ];
}

/** Heap used after a forced GC with the result held, minus before. Needs node --expose-gc. */
function retained(platform: string, messages: ChatMessage[]): Row {
  const gc = (globalThis as { gc?: () => void }).gc;
  const metric = `analyseChat ${platform} retained heap (result held, after GC)`;
  if (!gc) return row(metric, 'no gc(): run node with --expose-gc', `<= ${TARGET_MB} MB`, false);
  const settle = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = settle();
  const result = analyseChat(messages);
  const after = settle();
  const mb = (after - before) / 1024 / 1024;
  const json = JSON.stringify(result).length / 1024;
  return row(
    `${metric}; JSON ${json.toFixed(0)} KB`,
    `${mb.toFixed(2)} MB`,
    `<= ${TARGET_MB} MB`,
    mb <= TARGET_MB,
  );
}

function selection(messages: ChatMessage[]): Row[] {
  const analysis = analyseChat(messages);
  const word = analysis.topWords[0]?.word ?? 'coffee';
  const emoji = analysis.topEmoji[0]?.emoji ?? '😀';
  const filters = [
    ['weekday+hour cell', { weekday: 2, hour: 18 }],
    [`word "${word}"`, { word }],
    [`emoji ${emoji}`, { emoji }],
  ] as const;
  return filters.map(([name, filter]) => {
    selectMessages(messages, filter);
    const runs = Array.from({ length: 5 }, () => time(() => selectMessages(messages, filter)));
    return row(`selectMessages ${name} (median of 5)`, ms(median(runs)));
  });
}

export async function run(): Promise<Row[]> {
  const chat = generateChat({ messages: 40_000, seed: 42 });
  const android = parseChat(chat.android).messages;
  const ios = parseChat(chat.ios).messages;
  return [
    ...timing('Android', chat.android),
    ...timing('iOS', chat.ios),
    retained('Android', android),
    retained('iOS', ios),
    ...selection(android),
  ];
}
