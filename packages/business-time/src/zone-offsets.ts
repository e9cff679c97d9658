import { Temporal } from 'temporal-polyfill';

/** From `start` (epoch ms) until the next segment's start, local time = UTC + `offset` (ms). */
export interface OffsetSegment {
  start: number;
  offset: number;
}

/** A year of a zone's offsets is read at a time; most zones change twice a year or never. */
const CHUNK_MS = 366 * 86_400_000;

/**
 * A time zone's UTC offsets as constant segments, read from Temporal's transitions once and kept, so the
 * hot path (business-time.ts) does only arithmetic. Covers `[from, to)` and grows as later or earlier
 * instants are asked for.
 */
export class ZoneOffsets {
  private readonly segments: OffsetSegment[] = [];
  private from = 0;
  private to = 0;

  constructor(readonly timeZone: string) {
    // Throws a RangeError for a name that is not an IANA zone.
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
  }

  /** The segments overlapping `[from, to)`, in order: the first starts at or before `from`. */
  cover(from: number, to: number): readonly OffsetSegment[] {
    if (this.segments.length === 0) {
      this.from = from - CHUNK_MS;
      this.to = this.from;
      this.segments.push({ start: this.from, offset: this.offsetAt(this.from) });
    }
    while (from < this.from) this.extendBack();
    while (to > this.to) this.extendForward();
    return this.segments;
  }

  /** The index of the segment holding `at` (which must be covered). */
  indexOf(at: number): number {
    const { segments } = this;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((segments[mid] as OffsetSegment).start <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  private offsetAt(at: number): number {
    return (
      Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(this.timeZone).offsetNanoseconds / 1e6
    );
  }

  /** Transitions after `after` up to `until`, as segments. */
  private transitions(after: number, until: number): OffsetSegment[] {
    const found: OffsetSegment[] = [];
    let at = Temporal.Instant.fromEpochMilliseconds(after).toZonedDateTimeISO(this.timeZone);
    for (;;) {
      const next = at.getTimeZoneTransition('next');
      if (!next || next.epochMilliseconds >= until) return found;
      found.push({ start: next.epochMilliseconds, offset: next.offsetNanoseconds / 1e6 });
      at = next;
    }
  }

  private extendForward(): void {
    const until = this.to + CHUNK_MS;
    for (const segment of this.transitions(this.to - 1, until)) {
      const last = this.segments.at(-1) as OffsetSegment;
      if (segment.start <= last.start) continue;
      if (segment.offset !== last.offset) this.segments.push(segment);
    }
    this.to = until;
  }

  private extendBack(): void {
    const from = this.from - CHUNK_MS;
    const earlier = [{ start: from, offset: this.offsetAt(from) }, ...this.transitions(from, this.from)];
    const first = this.segments[0] as OffsetSegment;
    // The old first segment began at the covered edge, not at a transition: it continues the last earlier one.
    const merged = earlier.filter(
      (segment, index) => index === 0 || segment.offset !== earlier[index - 1]?.offset,
    );
    if ((merged.at(-1) as OffsetSegment).offset === first.offset) this.segments.shift();
    this.segments.unshift(...merged);
    this.from = from;
  }
}

const zones = new Map<string, ZoneOffsets>();

/** One kept table per zone name for the whole process. */
export function zoneOffsets(timeZone: string): ZoneOffsets {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = new ZoneOffsets(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}
