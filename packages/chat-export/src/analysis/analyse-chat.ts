import type { ChatMessage } from '../types';
import {
  type AnalyseOptions,
  type AuthorStats,
  type ChatAnalysis,
  type Silence,
  SYSTEM_EVENT_KINDS,
  type SystemEventKind,
  type TopDomain,
  type TopEmoji,
} from './analysis-types';
import { dayKey, monthKey } from './calendar';
import { Counter, median } from './counters';
import { rankWords, topEntries } from './ranking';
import { classifySystemEvent } from './system-events';
import { TextScanner, type TextSink } from './text-scan';
import { timeStats } from './time-stats';
import { type MessageView, mediaKindOf, resolveOptions, textOf, walkMessages } from './walk';
import { WordTable } from './word-table';

interface AuthorState {
  counter: Counter;
  started: number;
  responses: number[];
  first: string;
  last: string;
}

const increment = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Counts per numeric key; consecutive equal keys (messages come in time order) cost no lookup. */
class RunCounter {
  readonly counts = new Map<number, number>();
  private key = Number.NaN;
  private run = 0;

  add(key: number): void {
    if (key === this.key) {
      this.run++;
      return;
    }
    this.flush();
    this.key = key;
    this.run = 1;
  }

  flush(): Map<number, number> {
    if (this.run > 0) this.counts.set(this.key, (this.counts.get(this.key) ?? 0) + this.run);
    this.run = 0;
    this.key = Number.NaN;
    return this.counts;
  }
}
const KIND_INDEX = new Map(SYSTEM_EVENT_KINDS.map((kind, i) => [kind, i]));
const kindRecord = (counts: readonly number[]) =>
  Object.fromEntries(SYSTEM_EVENT_KINDS.map((kind, i) => [kind, counts[i]])) as Record<
    SystemEventKind,
    number
  >;

/**
 * Statistics of a chat in one walk over its messages (see ChatAnalysis). Pure and deterministic:
 * dates are read as wall-clock integers, nothing depends on the clock, locale or time zone.
 */
export function analyseChat(messages: readonly ChatMessage[], options: AnalyseOptions = {}): ChatAnalysis {
  const resolved = resolveOptions(options);
  const totals = new Counter();
  const authors = new Map<string, AuthorState>();
  const days = new RunCounter();
  const weeks = new RunCounter();
  const months = new RunCounter();
  const heatmap = new Array<number>(7 * 24).fill(0);
  const table = new WordTable();
  const rawCounts: number[] = [];
  const emoji = new Map<string, number>();
  const domains = new Map<string, number>();
  const systemKinds = new Array<number>(SYSTEM_EVENT_KINDS.length).fill(0);
  const systemMonths = new Map<number, number[]>();
  const responses: number[] = [];
  let conversations = 0;
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  let silence: Silence | null = null;

  const scanner = new TextScanner(true);
  const sink: TextSink = {
    word(text, start, end, hash) {
      const id = table.rawIdAt(text, start, end, hash);
      if (id === rawCounts.length) rawCounts.push(1);
      else rawCounts[id] = (rawCounts[id] as number) + 1;
    },
    link: (domain) => increment(domains, domain),
    emoji: (key) => increment(emoji, key),
  };

  function addSystem(view: MessageView): void {
    const k = KIND_INDEX.get(classifySystemEvent(view.message.content)) as number;
    systemKinds[k] = (systemKinds[k] as number) + 1;
    let month = systemMonths.get(view.monthId);
    if (!month) {
      month = new Array<number>(SYSTEM_EVENT_KINDS.length).fill(0);
      systemMonths.set(view.monthId, month);
    }
    month[k] = (month[k] as number) + 1;
  }

  const skipped = walkMessages(messages, resolved, (view) => {
    if (view.day < firstDay) firstDay = view.day;
    if (view.day > lastDay) lastDay = view.day;
    if (view.system) {
      addSystem(view);
      return;
    }
    const { message, author } = view;
    const media = mediaKindOf(message);
    scanner.scan(textOf(message, media), sink);
    totals.add(message, media, scanner);
    let state = authors.get(author);
    if (!state) {
      state = { counter: new Counter(), started: 0, responses: [], first: message.date, last: message.date };
      authors.set(author, state);
    }
    state.counter.add(message, media, scanner);
    if (message.date < state.first) state.first = message.date;
    if (message.date > state.last) state.last = message.date;
    if (view.startsConversation) {
      conversations++;
      state.started++;
    }
    if (view.responseSeconds >= 0) {
      state.responses.push(view.responseSeconds);
      responses.push(view.responseSeconds);
    }
    if (view.previousIndex >= 0 && (silence === null || view.gapSeconds > silence.seconds)) {
      silence = {
        from: (messages[view.previousIndex] as ChatMessage).date,
        to: message.date,
        seconds: view.gapSeconds,
        fromIndex: view.previousIndex,
        toIndex: view.index,
      };
    }
    days.add(view.day);
    weeks.add(view.weekId);
    months.add(view.monthId);
    const cell = view.weekday * 24 + view.hour;
    heatmap[cell] = (heatmap[cell] as number) + 1;
  });

  const total = totals.messages;
  const authorStats: AuthorStats[] = [...authors].map(([author, state]) => ({
    author,
    ...state.counter.toCounts(),
    share: total === 0 ? 0 : state.counter.messages / total,
    conversationsStarted: state.started,
    responses: state.responses.length,
    medianResponseSeconds: median(state.responses),
    first: state.first,
    last: state.last,
  }));
  authorStats.sort(
    (a, b) => b.messages - a.messages || (a.author < b.author ? -1 : a.author > b.author ? 1 : 0),
  );
  const words = rankWords(table, rawCounts, resolved.topN, options.stopWords);
  const hasRange = firstDay <= lastDay;

  return {
    range: {
      from: hasRange ? dayKey(firstDay) : null,
      to: hasRange ? dayKey(lastDay) : null,
      days: hasRange ? lastDay - firstDay + 1 : 0,
    },
    skipped,
    totals: {
      ...totals.toCounts(),
      authors: authors.size,
      conversations,
      responses: responses.length,
      medianResponseSeconds: median(responses),
    },
    authors: authorStats,
    ...timeStats(days.flush(), weeks.flush(), months.flush()),
    heatmap: Array.from({ length: 7 }, (_, weekday) => heatmap.slice(weekday * 24, weekday * 24 + 24)),
    longestSilence: silence,
    languages: words.languages,
    topWords: words.topWords,
    topEmoji: topEntries(emoji, resolved.topN, 'emoji') satisfies TopEmoji[],
    topDomains: topEntries(domains, resolved.topN, 'domain') satisfies TopDomain[],
    system: {
      total: systemKinds.reduce((sum, n) => sum + n, 0),
      byKind: kindRecord(systemKinds),
      perMonth: [...systemMonths.keys()]
        .sort((a, b) => a - b)
        .map((month) => ({ key: monthKey(month), byKind: kindRecord(systemMonths.get(month) as number[]) })),
    },
  };
}
