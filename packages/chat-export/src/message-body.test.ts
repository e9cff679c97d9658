import { describe, expect, it } from 'vitest';
import { classifyAttachment } from './classify';
import { analyseBody } from './message-body';

describe('analyseBody', () => {
  it('removes the edited marker and flags it', () => {
    expect(analyseBody('Hi <This message was edited>')).toMatchObject({ content: 'Hi', edited: true });
    expect(analyseBody('Hi \u200e<Diese Nachricht wurde bearbeitet>')).toMatchObject({
      content: 'Hi',
      edited: true,
    });
    expect(analyseBody('a <b>')).toMatchObject({ content: 'a <b>', edited: false });
  });

  it('empties deleted messages', () => {
    expect(analyseBody('\u200eYou deleted this message.')).toMatchObject({ content: '', deleted: true });
    expect(analyseBody('Se eliminó este mensaje.')).toMatchObject({ content: '', deleted: true });
    expect(analyseBody('This message was deleted, sadly')).toMatchObject({ deleted: false });
  });

  it('recognises Android placeholders in any language by their media word', () => {
    expect(analyseBody('<Media omitted>').omitted_media).toBe('media');
    expect(analyseBody('<Medya dahil edilmedi>').omitted_media).toBe('media');
    for (const placeholder of [
      '<Média elhagyva>',
      '<Média vynechána>',
      '<pominięto multimedia>',
      '<медіа пропущено>',
      '<Εξαίρεση πολυμέσων>',
      '<מדיה הושמטה>',
      '<تم استبعاد الوسائط>',
      '<मीडिया के बिना>',
      '<メディアなし>',
      '<省略多媒体文件>',
      '<忽略多媒體檔>',
      '<미디어 파일 제외됨>',
      '<bỏ qua tệp phương tiện>',
    ])
      expect(analyseBody(placeholder).omitted_media, placeholder).toBe('media');
    expect(analyseBody('<3 メディア are fun> ok').omitted_media).toBeNull();
    expect(analyseBody('<not media at all> and more').omitted_media).toBeNull();
  });

  it('keeps the text after a placeholder as its caption', () => {
    expect(analyseBody('<Media omitted>\nOur cat')).toMatchObject({
      content: '<Media omitted>',
      omitted_media: 'media',
      has_captions: true,
      captions: 'Our cat',
    });
  });

  it('splits a file reference from its caption on the same and following lines', () => {
    expect(analyseBody('IMG-20240101-WA0001.jpg (file attached) first\nsecond')).toMatchObject({
      content: 'IMG-20240101-WA0001.jpg (file attached)',
      has_attachment: true,
      media_type: 'jpg',
      attachment: { file_name: 'IMG-20240101-WA0001.jpg', kind: 'image' },
      has_captions: true,
      captions: 'first\nsecond',
    });
  });

  it('knows WhatsApp media names in languages it has no marker for', () => {
    expect(analyseBody('VID-20240101-WA0002.mp4 (dosya eklendi)').attachment).toEqual({
      file_name: 'VID-20240101-WA0002.mp4',
      kind: 'video',
    });
  });

  it('does not take ordinary parentheses or angle brackets for attachments', () => {
    expect(analyseBody('see notes.txt (the old one)').has_attachment).toBe(false);
    expect(analyseBody('x <y: z> w').has_attachment).toBe(false);
  });
});

describe('classifyAttachment', () => {
  it.each([
    ['a.JPG', 'image', 'image/jpeg', 'jpg'],
    ['clip.mp4', 'video', 'video/mp4', 'mp4'],
    ['PTT-20240101-WA0001.opus', 'audio', 'audio/ogg', 'opus'],
    ['doc.pdf', 'document', 'application/pdf', 'pdf'],
    ['STK-20240101-WA0001.webp', 'sticker', 'image/webp', 'webp'],
    ['00000015-STICKER-2021.webp', 'sticker', 'image/webp', 'webp'],
    ['photo.webp', 'image', 'image/webp', 'webp'],
    ['folder/app.apk', 'document', 'application/vnd.android.package-archive', 'apk'],
    ['README', 'other', 'application/octet-stream', ''],
    ['x.constructor', 'other', 'application/octet-stream', 'constructor'],
  ])('%s', (name, kind, mime, extension) => {
    expect(classifyAttachment(name)).toEqual({ kind, mime, extension });
  });
});
