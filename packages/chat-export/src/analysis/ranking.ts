import type { StopWordLanguage, StopWordOptions, TopWord } from './analysis-types';
import { ALL_LANGUAGES_MASK, detectLanguages, LANGUAGES, languageBit, stopWordMask } from './stop-words';
import { isRankedWord, type WordTable, wordKey } from './word-table';

/** Most first, then by key in code-unit order (never a locale). */
export function byCountThenKey(a: [string, number], b: [string, number]): number {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

/** The `topN` entries of a count map, as `{ [keyName]: key, count }`. */
export function topEntries<K extends string>(
  counts: Map<string, number>,
  topN: number,
  keyName: K,
): ({ [P in K]: string } & { count: number })[] {
  return [...counts]
    .sort(byCountThenKey)
    .slice(0, topN)
    .map(([key, count]) => ({ [keyName]: key, count }) as { [P in K]: string } & { count: number });
}

/**
 * Top words from the raw-spelling counts of the scan: folded words are summed, stop words of the
 * chosen (or detected) languages and `extra` words leave, and each word shows its most frequent
 * lower-case spelling.
 */
export function rankWords(
  table: WordTable,
  rawCounts: readonly number[],
  topN: number,
  options: StopWordOptions = {},
): { languages: StopWordLanguage[]; topWords: TopWord[] } {
  const counts = new Array<number>(table.words.length).fill(0);
  for (let r = 0; r < rawCounts.length; r++) {
    const w = table.wordOfRaw[r] as number;
    counts[w] = (counts[w] as number) + (rawCounts[r] as number);
  }
  const requested = options.languages ?? 'auto';
  const languages =
    requested === 'auto'
      ? detectLanguages(table.words.map((word, w) => [word, counts[w] as number]))
      : requested === 'all'
        ? null
        : LANGUAGES.filter((language) => requested.includes(language));
  const mask =
    languages === null ? ALL_LANGUAGES_MASK : languages.reduce((m, language) => m | languageBit(language), 0);
  const extra = new Set((options.extra ?? []).map((word) => wordKey(String(word).trim())));
  const candidates: [string, number][] = [];
  table.words.forEach((word, w) => {
    const count = counts[w] as number;
    if (count > 0 && isRankedWord(word) && (stopWordMask(word) & mask) === 0 && !extra.has(word))
      candidates.push([word, count]);
  });
  const top = candidates.sort(byCountThenKey).slice(0, topN);
  const spellings = displaySpellings(table, rawCounts, new Set(top.map(([word]) => word)));
  return {
    languages: languages ?? [...LANGUAGES],
    topWords: top.map(([word, count]) => ({ word, display: spellings.get(word) ?? word, count })),
  };
}

/** For each wanted word, its most frequent lower-case spelling (ties: code-unit order). */
function displaySpellings(
  table: WordTable,
  rawCounts: readonly number[],
  wanted: Set<string>,
): Map<string, string> {
  const perWord = new Map<string, Map<string, number>>();
  for (let r = 0; r < rawCounts.length; r++) {
    const word = table.words[table.wordOfRaw[r] as number] as string;
    if (!wanted.has(word)) continue;
    let spellings = perWord.get(word);
    if (!spellings) {
      spellings = new Map();
      perWord.set(word, spellings);
    }
    const lower = (table.raw[r] as string).toLowerCase();
    spellings.set(lower, (spellings.get(lower) ?? 0) + (rawCounts[r] as number));
  }
  const result = new Map<string, string>();
  for (const [word, spellings] of perWord) {
    const [best] = [...spellings].sort(byCountThenKey);
    if (best) result.set(word, best[0]);
  }
  return result;
}
