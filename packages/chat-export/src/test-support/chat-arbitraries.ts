import fc from 'fast-check';
import type { ChatMessage } from '../types';

// Messages for property tests: a few authors, dates over about a hundred days around the 2024
// daylight-saving change, texts built from words, emoji and links the analysis must tell apart.

const START = Date.UTC(2024, 1, 20); // Date.UTC only: an independent reference for wall-clock strings

const FRAGMENTS = [
  'hello',
  'Café',
  'cafe',
  'the',
  'und',
  'nicht',
  "don't",
  '2024',
  'Ünïcödé',
  '日本',
  '👍🏽',
  '👨‍👩‍👧',
  '🇩🇪',
  '😀',
  '❤️',
  '©',
  'https://a.io/x',
  'www.B.io',
  'http://c.io/?q=1.',
  ' ',
  '\n',
  ', ',
  '!',
];

const text = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 4, unit: 'grapheme' })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(' '));

const date = fc
  .integer({ min: 0, max: 100 * 86_400 - 1 })
  .map((seconds) => new Date(START + seconds * 1000).toISOString().slice(0, 19));

const SYSTEM_LINES = [
  'Alice added Bob',
  'Bob left',
  'Alice changed the subject from "x" to "y"',
  "Carol joined using this group's invite link",
  'something else',
];

export const chatMessage: fc.Arbitrary<ChatMessage> = fc
  .record({
    author: fc.constantFrom('Alice', 'Bob', 'Carol', 'Émilie', 'system'),
    date,
    content: text,
    captions: text,
    media: fc.constantFrom(null, null, null, 'image', 'video', 'document', 'omitted', 'gif'),
    deleted: fc.boolean(),
    edited: fc.boolean(),
    systemLine: fc.constantFrom(...SYSTEM_LINES),
  })
  .map(({ author, date, content, captions, media, deleted, edited, systemLine }): ChatMessage => {
    const attached = media === 'image' || media === 'video' || media === 'document';
    const system = author === 'system';
    return {
      author,
      datetime: '',
      date,
      content: system ? systemLine : deleted ? '' : content,
      has_attachment: attached,
      media_type: attached ? 'bin' : null,
      has_captions: attached && captions !== '',
      captions: attached ? captions : '',
      attachment: attached ? { file_name: `f.${media}`, kind: media } : null,
      omitted_media: media === 'omitted' ? 'media' : media === 'gif' ? 'gif' : null,
      edited: !system && edited,
      deleted: !system && deleted,
    };
  });

/** Chats in export order (sorted by date) or, now and then, in any order. */
export const chat: fc.Arbitrary<ChatMessage[]> = fc
  .tuple(fc.array(chatMessage, { maxLength: 60 }), fc.boolean())
  .map(([messages, sorted]) =>
    sorted || messages.length < 2
      ? messages.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      : messages,
  );

/** A `YYYY-MM-DD` day in the range of the generated dates. */
export const day = fc
  .integer({ min: -3, max: 103 })
  .map((d) => new Date(START + d * 86_400_000).toISOString().slice(0, 10));

/** Anything typed as a ChatMessage, dates and texts included. */
export const wildMessage: fc.Arbitrary<ChatMessage> = fc.record({
  author: fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constant('system')),
  datetime: fc.string({ maxLength: 4 }),
  date: fc.oneof(date, fc.string({ unit: 'binary', maxLength: 20 }), fc.constant('2024-02-30T25:61:00')),
  content: fc.oneof(text, fc.string({ unit: 'binary', maxLength: 60 })),
  has_attachment: fc.boolean(),
  media_type: fc.constantFrom(null, 'jpg'),
  has_captions: fc.boolean(),
  captions: fc.string({ unit: 'binary', maxLength: 20 }),
  attachment: fc.constantFrom(null, { file_name: 'a.jpg', kind: 'image' as const }),
  omitted_media: fc.constantFrom(null, 'media' as const, 'sticker' as const),
  edited: fc.boolean(),
  deleted: fc.boolean(),
});
