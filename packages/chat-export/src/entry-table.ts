import type { LineHeader } from './scan-header';

// The header of every message line, packed into one Int32Array: a 40,000-message chat would
// otherwise keep 40,000 header objects alive until the messages are built.
const FIELDS = 8;
const P1 = 0;
const P2 = 1;
const P3 = 2;
const FLAGS = 3;
const CLOCK = 4;
const REST = 5;
const LINE_START = 6;
const LINE_END = 7;
const YEAR_FIRST = 1;
const US_HINT = 2;
const BRACKET = 4;

export class EntryTable {
  private data = new Int32Array(FIELDS * 256);
  count = 0;

  push(h: LineHeader, lineStart: number, lineEnd: number): void {
    if ((this.count + 1) * FIELDS > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const o = this.count * FIELDS;
    const d = this.data;
    d[o + P1] = h.p1;
    d[o + P2] = h.p2;
    d[o + P3] = h.p3;
    d[o + FLAGS] = (h.yearFirst ? YEAR_FIRST : 0) | (h.usHint ? US_HINT : 0) | (h.bracket ? BRACKET : 0);
    d[o + CLOCK] = (h.hour * 60 + h.minute) * 60 + h.second;
    d[o + REST] = h.rest;
    d[o + LINE_START] = lineStart;
    d[o + LINE_END] = lineEnd;
    this.count++;
  }

  private get(k: number, field: number): number {
    return this.data[k * FIELDS + field] as number;
  }

  p1(k: number): number {
    return this.get(k, P1);
  }
  p2(k: number): number {
    return this.get(k, P2);
  }
  p3(k: number): number {
    return this.get(k, P3);
  }
  yearFirst(k: number): boolean {
    return (this.get(k, FLAGS) & YEAR_FIRST) !== 0;
  }
  usHint(k: number): boolean {
    return (this.get(k, FLAGS) & US_HINT) !== 0;
  }
  bracket(k: number): boolean {
    return (this.get(k, FLAGS) & BRACKET) !== 0;
  }
  /** Seconds since midnight. */
  clock(k: number): number {
    return this.get(k, CLOCK);
  }
  rest(k: number): number {
    return this.get(k, REST);
  }
  lineStart(k: number): number {
    return this.get(k, LINE_START);
  }
  lineEnd(k: number): number {
    return this.get(k, LINE_END);
  }
}
