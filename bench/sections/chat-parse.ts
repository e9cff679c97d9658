// Parsing, search and zip extraction of a 40,000-message export, next to whatsapp-chat-parser.
import { buildSearchIndex, parseChat, readExport, search } from '@wadesk/chat-export';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { parseString } from 'whatsapp-chat-parser';
import { createRandom, generateChat, generateQueries } from '../generate';
import type { Row } from '../row';
import { median, ms, percentile, time } from '../stats';

const SECTION = 'chat-parse';
const RUNS = 9;

function row(metric: string, value: string, target = '', ok: boolean | null = null): Row {
  return { section: SECTION, metric, value, target, ok };
}

/** Both parsers on the same text, interleaved (alternating who goes first) after a warm-up. */
function compareParsers(platform: string, text: string): Row[] {
  const ours: number[] = [];
  const theirs: number[] = [];
  let ourCount = 0;
  let theirCount = 0;
  for (let r = 0; r < 3; r++) {
    ourCount = parseChat(text).total_msgs;
    theirCount = parseString(text, { parseAttachments: true }).length;
  }
  for (let r = 0; r < RUNS; r++) {
    const runOurs = () => ours.push(time(() => parseChat(text)));
    const runTheirs = () => theirs.push(time(() => parseString(text, { parseAttachments: true })));
    if (r % 2 === 0) {
      runOurs();
      runTheirs();
    } else {
      runTheirs();
      runOurs();
    }
  }
  const ratio = median(theirs) / median(ours);
  return [
    row(`parseChat ${platform} (median of ${RUNS})`, ms(median(ours)), '', null),
    row(`whatsapp-chat-parser ${platform} (median of ${RUNS})`, ms(median(theirs)), '', null),
    row(`parseChat speed-up ${platform}`, `${ratio.toFixed(2)}x`, '>= 2x', ratio >= 2),
    row(`messages ${platform} (ours / theirs)`, `${ourCount} / ${theirCount}`),
  ];
}

function searchRows(text: string): Row[] {
  const { messages } = parseChat(text);
  const builds = Array.from({ length: 5 }, () => time(() => buildSearchIndex(messages)));
  const index = buildSearchIndex(messages);
  const queries = generateQueries(200);
  for (const q of queries) search(index, q);
  const perQuery = queries.map((q) => median(Array.from({ length: 5 }, () => time(() => search(index, q)))));
  const p95 = percentile(perQuery, 95);
  return [
    row(`search index build, ${messages.length} messages (median of 5)`, ms(median(builds))),
    row(`search per query, ${queries.length} queries (median)`, ms(median(perQuery))),
    row('search per query (p95)', ms(p95), '<= 5 ms', p95 <= 5),
  ];
}

/** A zip like WhatsApp's: the chat text and media files (random bytes, deflated). */
function exportZip(text: string, files: string[]): { zip: Uint8Array; mediaBytes: number } {
  const rnd = createRandom(99);
  const entries: Zippable = { 'WhatsApp Chat with Team Berlin.txt': strToU8(text) };
  let mediaBytes = 0;
  for (const name of files.slice(0, 80)) {
    const size = 20_000 + Math.floor(rnd() * 280_000);
    const data = new Uint8Array(size);
    for (let i = 0; i < size; i++) data[i] = (rnd() * 256) | 0;
    entries[name] = data;
    mediaBytes += size;
  }
  return { zip: zipSync(entries, { level: 6 }), mediaBytes };
}

function zipRows(text: string, files: string[]): Row[] {
  const { zip, mediaBytes } = exportZip(text, files);
  const opens = Array.from({ length: 5 }, () => time(() => readExport(zip)));
  const contents = readExport(zip);
  const extracts = Array.from({ length: 3 }, () =>
    time(() => {
      for (const entry of contents.media.values()) entry.bytes();
    }),
  );
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return [
    row(
      `readExport: find + inflate + decode chat (${mb(zip.length)} MB zip, ${contents.media.size} media)`,
      ms(median(opens)),
    ),
    row(`media bytes(): all ${contents.media.size} files, ${mb(mediaBytes)} MB`, ms(median(extracts))),
  ];
}

export async function run(): Promise<Row[]> {
  const chat = generateChat({ messages: 40_000, seed: 42 });
  return [
    ...compareParsers('Android', chat.android),
    ...compareParsers('iOS', chat.ios),
    ...searchRows(chat.android),
    ...zipRows(chat.android, chat.androidFiles),
  ];
}
