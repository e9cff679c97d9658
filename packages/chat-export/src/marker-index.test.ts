import { describe, expect, it } from 'vitest';
import {
  isAttachedLabel,
  isKnownSystemNotice,
  isMediaPlaceholder,
  markerKey,
  wholeTextMarker,
} from './marker-index';
import table from './marker-table.json';

type Row = [string, string, string, string];
const rows = table.rows as Row[];

// The 30 languages most used on WhatsApp (by speakers on the platform), as the table tags them.
const TOP_30 = [
  'en',
  'es',
  'pt-BR',
  'hi',
  'id',
  'ar',
  'ru',
  'de',
  'fr',
  'it',
  'tr',
  'ur',
  'bn',
  'fa',
  'ms',
  'ja',
  'ko',
  'zh-Hans',
  'th',
  'vi',
  'nl',
  'pl',
  'uk',
  'ro',
  'he',
  'sv',
  'cs',
  'hu',
  'el',
  'fi',
];

describe('marker-table.json', () => {
  it('gives every row a known kind, a text and a listed source', () => {
    for (const row of rows) {
      expect(row).toHaveLength(4);
      const [language, kind, text, source] = row;
      expect(language).toMatch(/^(\*|[a-z]{2}(-[A-Za-z]+)?)$/);
      expect(Object.keys(table.kinds)).toContain(kind);
      expect(text.trim()).not.toBe('');
      expect(Object.keys(table.sources)).toContain(source);
    }
  });

  it('covers the 30 most used languages with deleted messages and left-out media', () => {
    for (const language of TOP_30) {
      const kinds = new Set(rows.filter((r) => r[0] === language).map((r) => r[1]));
      expect({ language, deleted: kinds.has('deleted') }).toEqual({ language, deleted: true });
      const media = ['image', 'video', 'audio', 'media', 'attached'].filter((k) => kinds.has(k));
      expect({ language, media: media.length > 0 }).toEqual({ language, media: true });
    }
  });

  it('has no text that two kinds claim', () => {
    const seen = new Map<string, string>();
    for (const [, kind, text] of rows) {
      const key = `${kind === 'media' || kind === 'attached' || kind === 'edited' || kind === 'system' ? kind : 'whole'}:${markerKey(text)}`;
      const other = seen.get(key);
      if (other && other !== kind) throw new Error(`"${text}" is both ${other} and ${kind}`);
      seen.set(key, kind);
    }
  });
});

describe('lookups', () => {
  it('reads whole-text markers whatever the case, marks and final full stop', () => {
    expect(wholeTextMarker('\u200egambar tidak disertakan')).toBe('image');
    expect(wholeTextMarker('Pesan ini dihapus.')).toBe('deleted');
    expect(wholeTextMarker('\u200fتم حذف هذه الرسالة.')).toBe('deleted');
    expect(wholeTextMarker('このメッセージは削除されました。')).toBe('deleted');
    expect(wholeTextMarker('音声は含まれていません')).toBe('audio');
    expect(wholeTextMarker('Tato zpráva byla odstraněna.')).toBe('deleted');
    expect(wholeTextMarker('Este mensaje fue eliminado.')).toBe('deleted');
    expect(wholeTextMarker('görüntü dahil edilmedi')).toBe('image');
    expect(wholeTextMarker('IMAGE OMITTED')).toBe('image');
    expect(wholeTextMarker('Missed video call')).toBe('missed_call');
    expect(wholeTextMarker('null')).toBe('view_once');
  });

  it('turns ordinary messages away', () => {
    expect(wholeTextMarker('image omitted yesterday')).toBeNull();
    expect(wholeTextMarker('This message was deleted?')).toBeNull();
    expect(wholeTextMarker('ok')).toBeNull();
    expect(wholeTextMarker('x'.repeat(500))).toBeNull();
  });

  it('knows Android placeholders and attachment labels', () => {
    expect(isMediaPlaceholder('Без медиафайлов')).toBe(true);
    expect(isMediaPlaceholder('Média vynechána')).toBe(true);
    expect(isAttachedLabel('soubor byl přiložen')).toBe(true);
    expect(isAttachedLabel('Datei angehängt')).toBe(true);
    expect(isAttachedLabel('see you')).toBe(false);
  });

  it('matches system notice templates, names in place of %s', () => {
    expect(isKnownSystemNotice('Your security code with ‪+49 151 23‬ changed. ‎Tap to learn more.')).toBe(true);
    expect(isKnownSystemNotice('Elonとのセキュリティコードが変更されました。タップして詳細を表示。')).toBe(
      true,
    );
    expect(isKnownSystemNotice('Alice created group “Team”')).toBe(true);
    expect(isKnownSystemNotice('Bob left')).toBe(true);
    expect(isKnownSystemNotice('Bob left early')).toBe(false);
    expect(isKnownSystemNotice('image omitted')).toBe(false);
  });
});
