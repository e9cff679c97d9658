import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveUrl } from './save-url';

/** What the browser was asked to save: the link's download name and address. */
function spyOnSaves() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:saved/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return saved;
}

describe('saveUrl', () => {
  afterEach(() => vi.useRealTimers());

  it('saves this page’s own URLs through a link named as asked', async () => {
    const saved = spyOnSaves();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await saveUrl('blob:chat/7', 'IMG-20240112-WA0001.png');
    await saveUrl('/files/chats/1/a.png?exp=1&sig=x', 'a.png');
    expect(saved).toEqual([
      'IMG-20240112-WA0001.png blob:chat/7',
      `a.png ${location.origin}/files/chats/1/a.png?exp=1&sig=x`,
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads another origin’s file first so that the name holds, else follows the link', async () => {
    vi.useFakeTimers();
    const saved = spyOnSaves();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Blob(['png']), { status: 200 })),
    );
    await saveUrl('https://bucket.example.com/a.png?sig=1', 'lagoon.png');
    expect(saved).toEqual(['lagoon.png blob:saved/1']);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('denied', { status: 403 })),
    );
    await saveUrl('https://bucket.example.com/b.png?sig=2', 'b.png');
    expect(saved[1]).toBe('b.png https://bucket.example.com/b.png?sig=2');
  });
});
