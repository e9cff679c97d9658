import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import table from './marker-table.json';
import { parseChatStrict } from './parse-chat';

// Every marker of the table, in any language, written the way iOS and Android export it, keeps its
// author and sets the message's flags; and marked lines in wordings no table knows are still
// attributed by evidence (README "Markers and system lines").

type Row = [string, string, string, string];
const rows = table.rows as Row[];
const LRM = '\u200e';
const OMITTED = new Set(['image', 'video', 'audio', 'sticker', 'gif', 'document', 'contact']);
const iosMarker = fc.constantFrom(
  ...rows.filter(([, kind]) => OMITTED.has(kind) || ['deleted', 'missed_call'].includes(kind)),
);
const androidMarker = fc.constantFrom(
  ...rows.filter(([, kind]) =>
    ['deleted', 'media', 'view_once', 'live_location', 'missed_call'].includes(kind),
  ),
);
const attachedLabel = fc.constantFrom(...rows.filter(([, kind]) => kind === 'attached').map((r) => r[2]));

const member = fc.constantFrom('Alice', 'Bob Stone', 'Émilie', '李娜', 'أحمد', '+49 151 2345678');
const GROUP = 'Team Berlin';
const plain = fc.constantFrom('hello there', 'see you at 10:30', 'ok 👍', 'what? no: yes');
// Words of no language the table knows: a marked line in them can only be decided by evidence.
const unknownWords = fc
  .array(fc.constantFrom('zorp', 'quil', 'mavo', 'tessik', 'brun'), { minLength: 1, maxLength: 4 })
  .map((w) => w.join(' '));

const stampOf = (i: number) => `[1/${1 + (i % 28)}/24, 10:${String(i % 60).padStart(2, '0')}:00]`;
const androidStamp = (i: number) =>
  `${String(1 + (i % 28)).padStart(2, '0')}/01/2024, 10:${String(i % 60).padStart(2, '0')}`;

type Expected = { author: string; check: (m: Record<string, unknown>) => void };

function expectMarker([, kind, text]: Row): (m: Record<string, unknown>) => void {
  return (m) => {
    if (kind === 'deleted') expect(m).toMatchObject({ deleted: true, content: '' });
    else if (OMITTED.has(kind) || kind === 'view_once') expect(m.omitted_media).toBe(kind);
    else if (kind === 'media') expect(m.omitted_media).toBe('media');
    else expect(m.content).toBe(text);
  };
}

describe('markers keep their author', () => {
  it('iOS: every table marker, after the encryption notice of a group', () => {
    const entry = fc.oneof(
      fc.record({ type: fc.constant('marker' as const), who: member, row: iosMarker, stop: fc.boolean() }),
      fc.record({ type: fc.constant('plain' as const), who: member, text: plain }),
      fc.record({ type: fc.constant('notice' as const), who: member }),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 25 }), (entries) => {
        const lines = [
          `${stampOf(0)} ${GROUP}: ${LRM}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`,
        ];
        const expected: Expected[] = [{ author: 'system', check: () => {} }];
        entries.forEach((e, i) => {
          const at = stampOf(i + 1);
          if (e.type === 'marker') {
            const [, kind, text] = e.row;
            const lead = OMITTED.has(kind) ? LRM : '';
            lines.push(`${lead}${at} ${e.who}: ${LRM}${text}${e.stop && kind === 'deleted' ? '.' : ''}`);
            expected.push({ author: e.who, check: expectMarker(e.row) });
          } else if (e.type === 'plain') {
            lines.push(`${at} ${e.who}: ${e.text}`);
            expected.push({ author: e.who, check: (m) => expect(m.content).toBe(e.text) });
          } else {
            lines.push(`${at} ${GROUP}: ${LRM}${e.who} left`);
            expected.push({ author: 'system', check: (m) => expect(m.content).toBe(`${e.who} left`) });
          }
        });
        const parsed = parseChatStrict(lines.join('\n'), { dayFirst: false });
        expect(parsed.messages.map((m) => m.author)).toEqual(expected.map((e) => e.author));
        parsed.messages.forEach((m, i) => {
          expected[i]?.check(m as unknown as Record<string, unknown>);
        });
        const authors = expected.map((e) => e.author).filter((a) => a !== 'system');
        expect(parsed.unique_authors).toEqual([...new Set(authors)]);
      }),
      { numRuns: 300 },
    );
  });

  it('Android: deleted, media, view-once, live location and call markers, and attachment labels', () => {
    const entry = fc.oneof(
      fc.record({ type: fc.constant('marker' as const), who: member, row: androidMarker }),
      fc.record({ type: fc.constant('attached' as const), who: member, label: attachedLabel }),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 20 }), (entries) => {
        const lines = entries.map((e, i) => {
          const who = e.who.startsWith('+') ? `\u202a${e.who}\u202c` : e.who;
          if (e.type === 'attached') return `${androidStamp(i)} - ${who}: report.pdf (${e.label})`;
          const [, kind, text] = e.row;
          return `${androidStamp(i)} - ${who}: ${kind === 'media' ? `<${text}>` : text}`;
        });
        const parsed = parseChatStrict(lines.join('\n'), { dayFirst: true });
        expect(parsed.messages.map((m) => m.author)).toEqual(entries.map((e) => e.who));
        parsed.messages.forEach((m, i) => {
          const e = entries[i];
          if (e?.type === 'attached')
            expect(m.attachment).toEqual({ file_name: 'report.pdf', kind: 'document' });
          else if (e) expectMarker(e.row)(m as unknown as Record<string, unknown>);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('marked lines in wordings no table knows', () => {
  it('are the group’s when written under its name, the member’s otherwise', () => {
    const entry = fc.record({
      group: fc.boolean(),
      who: member,
      words: unknownWords,
      media: fc.boolean(),
      quoted: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 25 }), fc.boolean(), (entries, knownFirst) => {
        // The first line is the encryption notice: known English, or a wording of no language.
        const first = knownFirst
          ? 'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.'
          : 'zorp quil mavo tessik WhatsApp brun zorp quil mavo tessik brun zorp quil mavo';
        const lines = [`${stampOf(0)} ${GROUP}: ${LRM}${first}`];
        entries.forEach((e, i) => {
          const at = stampOf(i + 1);
          if (e.group) {
            const text = e.quoted ? `${e.who} ${e.words} “${GROUP}”` : `${e.who} ${e.words}`;
            lines.push(`${at} ${GROUP}: ${LRM}${text}`);
          } else lines.push(`${e.media ? LRM : ''}${at} ${e.who}: ${LRM}${e.words}`);
        });
        const parsed = parseChatStrict(lines.join('\n'), { dayFirst: false });
        expect(parsed.messages.map((m) => m.author)).toEqual([
          'system',
          ...entries.map((e) => (e.group ? 'system' : e.who)),
        ]);
        const members = entries.filter((e) => !e.group).map((e) => e.who);
        expect(parsed.unique_authors).toEqual([...new Set(members)]);
      }),
      { numRuns: 300 },
    );
  });
});
