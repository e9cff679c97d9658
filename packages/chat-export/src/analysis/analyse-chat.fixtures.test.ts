import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChat } from '../parse-chat';
import { analyseChat } from './analyse-chat';
import { selectMessages } from './select-messages';

// The parser's fixture families (many languages and both platforms) through the analysis.
const dir = new URL('../fixtures/', import.meta.url);
const families = readdirSync(dir)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => name.slice(0, -4))
  .sort();
const read = (family: string) => parseChat(readFileSync(new URL(`${family}.txt`, dir), 'utf8')).messages;

describe('analyseChat on the parser fixtures', () => {
  it.each(families)('%s', (family) => {
    const messages = read(family);
    const r = analyseChat(messages);
    const authored = messages.filter((m) => m.author !== 'system').length;
    expect(r.skipped).toBe(0);
    expect(r.totals.messages).toBe(authored);
    expect(r.system.total).toBe(messages.length - authored);
    expect(r.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(authored);
    for (const a of r.authors)
      expect(selectMessages(messages, { author: a.author })).toHaveLength(a.messages);
  });

  it('classifies the system lines of both platforms', () => {
    const r = analyseChat(read('system-lines'));
    expect(r.system.total).toBe(9);
    expect(r.system.byKind).toMatchObject({
      encryption: 2,
      created: 1,
      added: 2,
      subject: 1,
      description: 1,
      left: 1,
      joined: 1,
      other: 0,
    });
  });

  it('counts media kinds of attachments and placeholders, words of captions only', () => {
    const media = (family: string) => {
      const { media, mediaByKind, words } = analyseChat(read(family)).totals;
      return {
        media,
        words,
        byKind: Object.fromEntries(Object.entries(mediaByKind).filter(([, n]) => n > 0)),
      };
    };
    // 9 Android placeholders name no kind; iOS names each kind, a document twice.
    expect(media('media-omitted-multilang')).toEqual({
      media: 16,
      words: 3, // "I omitted nothing"
      byKind: { media: 9, image: 1, video: 1, audio: 1, sticker: 1, gif: 1, document: 2 },
    });
    // captions "Look at this! / Amazing, right?" (5) and "Same-line caption" (2); the text
    // "I saw it (file attached) yesterday" (6) is no attachment
    expect(media('attachments-android')).toEqual({
      media: 12,
      words: 13,
      byKind: { image: 3, video: 2, audio: 2, document: 3, sticker: 1, other: 1 },
    });
    // "Report.pdf • 3 pages" is the reference, not a caption; "Sunset at the lake" is one
    expect(media('attachments-ios')).toEqual({
      media: 8,
      words: 4,
      byKind: { image: 3, video: 1, audio: 1, document: 2, sticker: 1 },
    });
  });
});
