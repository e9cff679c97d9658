import { createRandom } from '../apps/server/src/demo/seeded-random';
// Deterministic generator of realistic WhatsApp exports (Android and iOS) for benchmarks.
// The same seed always gives the same chat; both renderings come from one message model.

export interface GenerateOptions {
  messages?: number;
  seed?: number;
}

export interface GeneratedChat {
  /** Android export text (`DD/MM/YYYY, HH:mm - Author: text`, 24-hour). */
  android: string;
  /** iOS export text (`[M/D/YY, h:mm:ss PM] Author: text`, U+202F before AM/PM, U+200E marks). */
  ios: string;
  /** Number of messages (system lines included) in each rendering. */
  messages: number;
  /** File names referenced by the Android rendering, for building a zip with media. */
  androidFiles: string[];
  /** File names referenced by the iOS rendering. */
  iosFiles: string[];
}

// The demo's seeded generator (one implementation of the sequence both rely on), for the bench sections too.
export { createRandom };

const LRM = '\u200e';
const AUTHORS = [
  { android: 'Alice Martin', ios: 'Alice Martin' },
  { android: 'Bob', ios: 'Bob' },
  { android: 'Chiara Rossi', ios: 'Chiara Rossi' },
  { android: 'Dmitri Ivanov', ios: 'Dmitri Ivanov' },
  { android: 'Émilie Durand', ios: 'Émilie Durand' },
  { android: '\u202a+49 151 23456789\u202c', ios: '\u202a+49 151 23456789\u202c' },
  { android: '~ Nina', ios: '~\u202fNina' },
  { android: '李娜', ios: '李娜' },
];

export const WORDS = (
  'the meeting tomorrow morning tonight dinner lunch coffee station train flight hotel booking ticket price ' +
  'invoice payment customer support order delivery package address office project deadline report draft ' +
  'review update release version server login password account please thanks sorry okay great perfect ' +
  'yes no maybe later soon today yesterday weekend holiday birthday party photo video music movie game ' +
  'football match score team weather rain sunny cold warm beach mountain trip plan budget question answer ' +
  'morgen danke bitte genau vielleicht gracias mañana hola vale perfecto привет спасибо хорошо завтра ' +
  'café naïve über größe déjà vu 2024 10:30 15€ 3pm'
).split(' ');
const EMOJI = ['😀', '👍', '🎉', '❤️', '😂', '🙏', '🔥', '☀️'];
const URLS = [
  'https://example.com/docs/setup',
  'https://maps.google.com/?q=52.52,13.40',
  'www.wadesk.io/pricing',
];

interface Stamp {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

const p2 = (n: number) => String(n).padStart(2, '0');

function stampAt(epochSeconds: number): Stamp {
  const t = new Date(epochSeconds * 1000); // UTC arithmetic only: no local time zone involved
  return {
    y: t.getUTCFullYear(),
    m: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    min: t.getUTCMinutes(),
    s: t.getUTCSeconds(),
  };
}

function androidHeader(t: Stamp): string {
  return `${p2(t.d)}/${p2(t.m)}/${t.y}, ${p2(t.h)}:${p2(t.min)} - `;
}

function iosHeader(t: Stamp): string {
  const h12 = t.h % 12 === 0 ? 12 : t.h % 12;
  return `[${t.m}/${t.d}/${String(t.y).slice(2)}, ${h12}:${p2(t.min)}:${p2(t.s)}\u202f${t.h < 12 ? 'AM' : 'PM'}] `;
}

type Kind = 'text' | 'system' | 'attachment' | 'deleted' | 'omitted';

export function generateChat(options: GenerateOptions = {}): GeneratedChat {
  const count = options.messages ?? 40_000;
  const rnd = createRandom(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const sentence = () => {
    const words: string[] = [];
    const n = 2 + Math.floor(rnd() * 14);
    for (let i = 0; i < n; i++) {
      const r = rnd();
      words.push(r < 0.04 ? pick(EMOJI) : r < 0.06 ? pick(URLS) : pick(WORDS));
    }
    const text = words.join(' ');
    const capital =
      /^\p{Ll}/u.test(text) && !text.startsWith('www') ? text.charAt(0).toUpperCase() + text.slice(1) : text;
    return capital + pick(['', '.', '!', '?', ' 😀']);
  };

  const android: string[] = [];
  const ios: string[] = [];
  const androidFiles: string[] = [];
  const iosFiles: string[] = [];
  let clock = Date.UTC(2022, 2, 1, 8, 0, 0) / 1000;
  let fileNo = 1;
  android.push(
    `${androidHeader(stampAt(clock))}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.`,
  );
  ios.push(
    `${iosHeader(stampAt(clock))}Team Berlin: ${LRM}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`,
  );

  for (let i = 1; i < count; i++) {
    clock += rnd() < 0.05 ? 3600 * (2 + Math.floor(rnd() * 20)) : Math.floor(rnd() * 1800);
    const t = stampAt(clock);
    const author = pick(AUTHORS);
    const name = author.android.replace(/[\u202a\u202c]/g, '').replace(/^~ /, '');
    const r = rnd();
    const kind: Kind =
      r < 0.02 ? 'system' : r < 0.1 ? 'attachment' : r < 0.12 ? 'deleted' : r < 0.13 ? 'omitted' : 'text';
    const a = androidHeader(t);
    const o = iosHeader(t);
    if (kind === 'system') {
      const other = pick(AUTHORS).android.replace(/[\u202a\u202c~ ]/g, '');
      const text = pick([
        `${name} added ${other}`,
        `${name} left`,
        `${name} changed the subject from "Plans: ${t.y}" to "Trip ${t.m}"`,
        `${name} changed this group's icon`,
      ]);
      android.push(a + text);
      ios.push(`${o}Team Berlin: ${LRM}${text}`);
    } else if (kind === 'attachment') {
      const [type, ext] = pick([
        ['PHOTO', 'jpg'],
        ['PHOTO', 'jpg'],
        ['VIDEO', 'mp4'],
        ['AUDIO', 'opus'],
        ['STICKER', 'webp'],
        ['DOC', 'pdf'],
      ] as const);
      const n = String(fileNo++).padStart(4, '0');
      const date = `${t.y}${p2(t.m)}${p2(t.d)}`;
      const prefix = { PHOTO: 'IMG', VIDEO: 'VID', AUDIO: 'PTT', STICKER: 'STK', DOC: 'DOC' }[type];
      const androidFile = `${prefix}-${date}-WA${n}.${ext}`;
      const iosFile = `${String(fileNo).padStart(8, '0')}-${type}-${t.y}-${p2(t.m)}-${p2(t.d)}-${p2(t.h)}-${p2(t.min)}-${p2(t.s)}.${ext}`;
      androidFiles.push(androidFile);
      iosFiles.push(iosFile);
      const caption = rnd() < 0.4 ? `\n${sentence()}` : '';
      android.push(`${a}${author.android}: ${androidFile} (file attached)${caption}`);
      ios.push(`${LRM}${o}${author.ios}: ${LRM}<attached: ${iosFile}>${caption}`);
    } else if (kind === 'deleted') {
      const own = rnd() < 0.5;
      android.push(`${a}${author.android}: ${own ? 'You deleted this message' : 'This message was deleted'}`);
      ios.push(
        `${LRM}${o}${author.ios}: ${LRM}${own ? 'You deleted this message.' : 'This message was deleted.'}`,
      );
    } else if (kind === 'omitted') {
      android.push(`${a}${author.android}: <Media omitted>`);
      ios.push(
        `${LRM}${o}${author.ios}: ${LRM}${pick(['image', 'video', 'audio', 'sticker', 'GIF'])} omitted`,
      );
    } else {
      const lines = [sentence()];
      if (rnd() < 0.1) {
        const extra = 1 + Math.floor(rnd() * 3);
        for (let k = 0; k < extra; k++) lines.push(rnd() < 0.2 ? '' : sentence());
        if (lines[lines.length - 1] === '') lines.push(sentence());
      }
      const edited = rnd() < 0.03;
      const text = lines.join('\n');
      android.push(`${a}${author.android}: ${text}${edited ? ' <This message was edited>' : ''}`);
      ios.push(`${o}${author.ios}: ${text}${edited ? ` ${LRM}<This message was edited>` : ''}`);
    }
  }
  return {
    android: `${android.join('\n')}\n`,
    ios: `${ios.join('\n')}\n`,
    messages: count,
    androidFiles,
    iosFiles,
  };
}

/** About `count` realistic search queries: words, prefixes, two-word queries, a few misses. */
export function generateQueries(count = 200, seed = 7): string[] {
  const rnd = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const words = WORDS.filter((w) => /\p{L}{3,}/u.test(w));
  const queries: string[] = [];
  while (queries.length < count) {
    const r = rnd();
    const w = pick(words);
    if (r < 0.35) queries.push(w);
    else if (r < 0.6) queries.push(w.slice(0, 2 + Math.floor(rnd() * 3)));
    else if (r < 0.85) queries.push(`${w} ${pick(words).slice(0, 3)}`);
    else if (r < 0.95) queries.push(`${w.toUpperCase()} ${pick(words)} ${pick(words)}`);
    else queries.push(pick(['xylophone', 'qwertz', 'zzz top', 'nonexistent words']));
  }
  return queries;
}
