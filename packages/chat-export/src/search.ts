import type { SearchIndex } from './search-index';
import { originalPrefixEnd, queryWords } from './tokenize';

export interface IndexSearchHit {
  /** Position of the message in the indexed list. */
  index: number;
  /** Range in the message content of the first occurrence of the first query word, for highlighting. */
  start: number;
  end: number;
}

export interface SearchOptions {
  /** Most hits to return, first messages first (default: all). */
  limit?: number;
}

export const MIN_QUERY_LENGTH = 2;

/** First index in the sorted words whose word is >= prefix. */
function lowerBound(words: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range of sorted word ids starting with prefix: they are contiguous after lowerBound. */
function prefixRange(words: readonly string[], prefix: string): [number, number] {
  const lo = lowerBound(words, prefix);
  let hi = lo;
  let step = 1;
  while (hi + step <= words.length && (words[hi + step - 1] as string).startsWith(prefix)) {
    hi += step;
    step *= 2;
  }
  for (; step > 0; step >>= 1) {
    if (hi + step <= words.length && (words[hi + step - 1] as string).startsWith(prefix)) hi += step;
  }
  return [lo, hi];
}

function hasWordIn(index: SearchIndex, m: number, lo: number, hi: number): boolean {
  const end = index.tokStart[m + 1] as number;
  for (let t = index.tokStart[m] as number; t < end; t++) {
    const w = index.tokWord[t] as number;
    if (w >= lo && w < hi) return true;
  }
  return false;
}

function hit(index: SearchIndex, m: number, lo: number, hi: number, foldedLength: number): IndexSearchHit {
  const end = index.tokStart[m + 1] as number;
  let t = index.tokStart[m] as number;
  while (t < end && ((index.tokWord[t] as number) < lo || (index.tokWord[t] as number) >= hi)) t++;
  const start = index.tokPos[t] as number;
  return { index: m, start, end: originalPrefixEnd(index.contents[m] as string, start, foldedLength) };
}

/** The messages, in order, holding a word of the range [lo, hi). */
function candidates(index: SearchIndex, lo: number, hi: number): Int32Array {
  const from = index.postStart[lo] as number;
  const to = index.postStart[hi] as number;
  if (hi - lo === 1) return index.postings.subarray(from, to);
  const seen = new Uint8Array(index.size);
  const total = to - from;
  // Few postings: collect and sort them; many: mark them and sweep the messages in order.
  if (total * 16 < index.size) {
    const found = new Int32Array(total);
    let n = 0;
    for (let p = from; p < to; p++) {
      const m = index.postings[p] as number;
      if (seen[m] === 0) {
        seen[m] = 1;
        found[n++] = m;
      }
    }
    return found.subarray(0, n).sort();
  }
  let n = 0;
  for (let p = from; p < to; p++) {
    const m = index.postings[p] as number;
    if (seen[m] === 0) {
      seen[m] = 1;
      n++;
    }
  }
  const found = new Int32Array(n);
  for (let m = 0, k = 0; k < n; m++) if (seen[m] === 1) found[k++] = m;
  return found;
}

/**
 * Messages whose content has, for every query word, a word starting with it (case and accents
 * ignored). Queries shorter than 2 characters find nothing. Query words are split like content
 * words, so punctuation in the query is ignored.
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): IndexSearchHit[] {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const trimmed = typeof query === 'string' ? query.trim() : '';
  if (Array.from(trimmed).length < MIN_QUERY_LENGTH || limit <= 0) return [];
  const terms = queryWords(trimmed);
  if (terms.length === 0) return [];
  const ranges = terms.map((term) => prefixRange(index.words, term));
  if (ranges.some(([lo, hi]) => lo === hi)) return [];
  const [firstLo, firstHi] = ranges[0] as [number, number];
  const firstLength = (terms[0] as string).length;
  const bySize = [...ranges].sort(
    (a, b) =>
      (index.postStart[a[1]] as number) -
      (index.postStart[a[0]] as number) -
      ((index.postStart[b[1]] as number) - (index.postStart[b[0]] as number)),
  );
  const [smallLo, smallHi] = bySize[0] as [number, number];
  const others = bySize.slice(1);
  const hits: IndexSearchHit[] = [];
  const consider = (m: number) => {
    for (const [lo, hi] of others) if (!hasWordIn(index, m, lo, hi)) return;
    hits.push(hit(index, m, firstLo, firstHi, firstLength));
  };
  const list = candidates(index, smallLo, smallHi);
  for (let k = 0; k < list.length && hits.length < limit; k++) consider(list[k] as number);
  return hits;
}
