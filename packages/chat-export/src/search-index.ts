import { foldWord, forEachWord } from './tokenize';

/**
 * A pre-tokenised index of the message contents, built once per chat:
 * - `words`: the distinct folded words, sorted, so the words with a given prefix are one range;
 * - `postings`: for each word, the sorted positions of the messages holding it;
 * - per message, its tokens in order (word id and offset in the content) for checking further
 *   query words and for the highlight.
 */
export interface SearchIndex {
  readonly size: number;
  readonly words: readonly string[];
  /** postings[postStart[w] .. postStart[w + 1]) are the messages holding word w. */
  readonly postStart: Int32Array;
  readonly postings: Int32Array;
  /** Tokens of message m are tokStart[m] .. tokStart[m + 1]. */
  readonly tokStart: Int32Array;
  readonly tokWord: Int32Array;
  readonly tokPos: Int32Array;
  readonly contents: readonly string[];
}

class IntList {
  data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

export function buildSearchIndex(messages: readonly { content: string }[]): SearchIndex {
  const contents = messages.map((m) => (typeof m.content === 'string' ? m.content : ''));
  const folds = new Map<string, number>();
  const ids = new Map<string, number>();
  const firstWords: string[] = [];
  const tokWord = new IntList();
  const tokPos = new IntList();
  const tokStart = new Int32Array(contents.length + 1);
  for (let m = 0; m < contents.length; m++) {
    const text = contents[m] as string;
    tokStart[m] = tokWord.length;
    forEachWord(text, (start, end) => {
      const raw = text.slice(start, end);
      let id = folds.get(raw);
      if (id === undefined) {
        const folded = foldWord(raw);
        id = ids.get(folded);
        if (id === undefined) {
          id = firstWords.length;
          firstWords.push(folded);
          ids.set(folded, id);
        }
        folds.set(raw, id);
      }
      tokWord.push(id);
      tokPos.push(start);
    });
  }
  tokStart[contents.length] = tokWord.length;

  // Renumber words in sorted order (code unit order, the order of String comparison).
  const order = firstWords
    .map((_, i) => i)
    .sort((a, b) => {
      const x = firstWords[a] as string;
      const y = firstWords[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const rank = new Int32Array(order.length);
  order.forEach((id, r) => {
    rank[id] = r;
  });
  const words = order.map((id) => firstWords[id] as string);
  const tokens = tokWord.toArray();
  for (let t = 0; t < tokens.length; t++) tokens[t] = rank[tokens[t] as number] as number;

  // Postings: each message once per word, in message order.
  const last = new Int32Array(words.length).fill(-1);
  const counts = new Int32Array(words.length + 1);
  for (let m = 0; m < contents.length; m++) {
    for (let t = tokStart[m] as number; t < (tokStart[m + 1] as number); t++) {
      const w = tokens[t] as number;
      if (last[w] !== m) {
        last[w] = m;
        counts[w + 1] = (counts[w + 1] as number) + 1;
      }
    }
  }
  const postStart = new Int32Array(words.length + 1);
  for (let w = 0; w < words.length; w++)
    postStart[w + 1] = (postStart[w] as number) + (counts[w + 1] as number);
  const fill = postStart.slice(0, words.length);
  const postings = new Int32Array(postStart[words.length] as number);
  last.fill(-1);
  for (let m = 0; m < contents.length; m++) {
    for (let t = tokStart[m] as number; t < (tokStart[m + 1] as number); t++) {
      const w = tokens[t] as number;
      if (last[w] !== m) {
        last[w] = m;
        postings[fill[w] as number] = m;
        fill[w] = (fill[w] as number) + 1;
      }
    }
  }
  return {
    size: contents.length,
    words,
    postStart,
    postings,
    tokStart,
    tokWord: tokens,
    tokPos: tokPos.toArray(),
    contents,
  };
}
