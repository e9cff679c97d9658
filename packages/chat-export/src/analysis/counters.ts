import type { ChatMessage } from '../types';
import { type Counts, MEDIA_KINDS, type MediaKind } from './analysis-types';
import type { TextScanner } from './text-scan';

const KIND_INDEX = new Map(MEDIA_KINDS.map((kind, i) => [kind, i]));

/** The counters of Counts in numbers, for the whole chat and for each author. */
export class Counter {
  messages = 0;
  words = 0;
  characters = 0;
  media = 0;
  readonly mediaByKind = new Array<number>(MEDIA_KINDS.length).fill(0);
  links = 0;
  emoji = 0;
  deleted = 0;
  edited = 0;

  add(message: ChatMessage, media: MediaKind | null, text: TextScanner): void {
    this.messages++;
    this.words += text.words;
    this.characters += text.characters;
    this.links += text.links;
    this.emoji += text.emoji;
    if (media !== null) {
      this.media++;
      const k = KIND_INDEX.get(media) as number;
      this.mediaByKind[k] = (this.mediaByKind[k] as number) + 1;
    }
    if (message.deleted === true) this.deleted++;
    if (message.edited === true) this.edited++;
  }

  toCounts(): Counts {
    return {
      messages: this.messages,
      words: this.words,
      characters: this.characters,
      media: this.media,
      mediaByKind: Object.fromEntries(MEDIA_KINDS.map((kind, i) => [kind, this.mediaByKind[i]])) as Record<
        MediaKind,
        number
      >,
      links: this.links,
      emoji: this.emoji,
      deleted: this.deleted,
      edited: this.edited,
    };
  }
}

/** The middle value (mean of the two middle values for an even count), null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
