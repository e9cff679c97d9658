import { describe, expect, it } from 'vitest';
import { isSafeObjectName } from '../../storage/storage';
import { isObjectName, newObjectName, referencedObjectName, sanitiseFileName } from './object-names';

describe('object names', () => {
  it('are unguessable, per user, and keep a readable file name', () => {
    const a = newObjectName(7, 'IMG-20240112-WA0001.jpg');
    const b = newObjectName(7, 'IMG-20240112-WA0001.jpg');
    expect(a).toMatch(/^u7\/[A-Za-z0-9_-]{22}\/IMG-20240112-WA0001\.jpg$/);
    expect(a).not.toBe(b);
    expect(isObjectName(a)).toBe(true);
    expect(isSafeObjectName(a)).toBe(true);
  });

  it.each([
    ['WhatsApp Image 2024-01-12 at 09.15.00.jpeg', 'WhatsApp_Image_2024-01-12_at_09_15_00.jpeg'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['/abs/path/x.png', 'x.png'],
    ['фото.jpg', 'file.jpg'],
    ['Café menu.pdf', 'Cafe_menu.pdf'],
    ['.hidden', 'hidden'],
    ['...', 'file'],
    ['', 'file'],
    ['a\u0000b.txt', 'a_b.txt'],
    [`${'x'.repeat(300)}.opus`, `${'x'.repeat(95)}.opus`],
    ['name.with spaces & stuff.tar.gz', 'name_with_spaces_stuff_tar.gz'],
  ])('sanitises %o to %o', (input, output) => {
    const safe = sanitiseFileName(input);
    expect(safe).toBe(output);
    expect(isSafeObjectName(`u1/AAAAAAAAAAAAAAAAAAAAAA/${safe}`)).toBe(true);
    expect(safe).not.toMatch(/\s|\//);
  });

  it('reads the object name from the first word of an attachment message only', () => {
    const name = newObjectName(3, 'a.jpg');
    expect(referencedObjectName({ has_attachment: true, content: name })).toBe(name);
    expect(referencedObjectName({ has_attachment: true, content: `${name} a caption\nover lines` })).toBe(
      name,
    );
    expect(referencedObjectName({ has_attachment: false, content: name })).toBeNull();
    expect(referencedObjectName({ has_attachment: true, content: 'IMG-1.jpg (file attached)' })).toBeNull();
    expect(referencedObjectName({ has_attachment: true, content: '../u3/x/a.jpg' })).toBeNull();
  });
});
