import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PresignBatchResponse } from '@wadesk/contract';
import { describe, expect, it, vi } from 'vitest';
import { createMediaLinkStore } from '@/features/chat-viewer/media/media-link-store';
import { MediaLinksProvider } from '@/features/chat-viewer/media/media-links-context';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { tokenStorage } from '@/shared/storage/storage';
import { AppProviders } from '@/testing/query-wrapper';
import { MessageBubble } from './message-bubble';

const renderBubble = (
  message = chatMessage(),
  props: { own?: boolean; url?: string; startsRun?: boolean } = {},
) => {
  const file = message.attachment?.file_name ?? '';
  return render(
    <MediaLinksProvider
      source={{ kind: 'local', file_name: 'chat.zip' }}
      media={props.url ? { [file]: { url: props.url, type: 'image/png' } } : {}}
    >
      <MessageBubble
        message={message}
        index={3}
        own={props.own ?? false}
        highlighted={false}
        startsRun={props.startsRun}
      />
    </MediaLinksProvider>,
    { wrapper: AppProviders },
  );
};

const attached = (file_name: string, kind: 'image' | 'audio' | 'video' | 'document', captions = '') =>
  chatMessage({
    content: `${file_name} (file attached)`,
    has_attachment: true,
    attachment: { file_name, kind },
    has_captions: captions !== '',
    captions,
  });

describe('MessageBubble', () => {
  it('shows author, text and datetime; others on the left with an initials avatar, own on the right', () => {
    const { container, unmount } = renderBubble(chatMessage({ author: 'Alice Martin', content: 'Hi there' }));
    expect(container.textContent).toContain('Alice Martin');
    expect(container.textContent).toContain('Hi there');
    expect(container.textContent).toContain('1 Mar 2022, 08:00');
    expect(container.querySelector('[data-side]')?.getAttribute('data-side')).toBe('left');
    expect(container.textContent).toContain('AM');
    unmount();
    const own = renderBubble(chatMessage({ author: 'Alice Martin' }), { own: true });
    expect(own.container.querySelector('[data-side]')?.getAttribute('data-side')).toBe('right');
    expect(own.container.textContent).not.toContain('AM');
  });

  it('shows the name and avatar once per run: a continued bubble has neither, but is still named', () => {
    const { container } = renderBubble(chatMessage({ author: 'Alice Martin', content: 'and again' }), {
      startsRun: false,
    });
    expect(container.querySelector('[data-run]')?.getAttribute('data-run')).toBe('continued');
    expect(container.textContent).not.toContain('Alice Martin');
    expect(container.textContent).not.toContain('AM');
    expect(screen.getByRole('article', { name: 'Message from Alice Martin' }).textContent).toContain(
      'and again',
    );
  });

  it('centres system messages', () => {
    const { container } = renderBubble(chatMessage({ author: 'system', content: 'Alice added Bob' }));
    expect(container.querySelector('[data-side]')?.getAttribute('data-side')).toBe('center');
    expect(container.textContent).toContain('Alice added Bob');
  });

  it('makes links clickable in a new tab and never renders chat text as HTML', () => {
    const { container } = renderBubble(chatMessage({ content: 'see <b>x</b> https://example.com/a' }));
    const link = screen.getByRole('link', { name: 'https://example.com/a' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>x</b>');
  });

  it('marks edited and deleted messages', () => {
    const { unmount } = renderBubble(chatMessage({ content: 'fixed', edited: true }));
    expect(screen.getByText('edited')).toBeTruthy();
    unmount();
    renderBubble(chatMessage({ content: '', deleted: true }));
    expect(screen.getByText('This message was deleted').className).toContain('italic');
  });

  it('shows omitted media and files missing from the upload as placeholders', () => {
    const { unmount } = renderBubble(chatMessage({ content: '<Media omitted>', omitted_media: 'image' }));
    expect(screen.getByText('Image omitted')).toBeTruthy();
    unmount();
    renderBubble(attached('IMG-1.jpg', 'image'));
    expect(screen.getByText('IMG-1.jpg')).toBeTruthy();
    expect(screen.getByText('Not included in this upload')).toBeTruthy();
    expect(screen.queryByText(/file attached/)).toBeNull();
  });

  it('shows media by kind from its URL, then the caption', () => {
    const image = renderBubble(attached('IMG-1.jpg', 'image', 'At the beach'), { url: 'blob:1' });
    expect(screen.getByRole('img', { name: 'IMG-1.jpg' }).getAttribute('src')).toBe('blob:1');
    expect(image.container.textContent?.indexOf('At the beach')).toBeGreaterThan(0);
    image.unmount();
    const audio = renderBubble(attached('PTT-1.opus', 'audio'), { url: 'blob:2' });
    expect(audio.container.querySelector('audio')?.getAttribute('src')).toBe('blob:2');
    audio.unmount();
    const video = renderBubble(attached('VID-1.mp4', 'video'), { url: 'blob:3' });
    expect(video.container.querySelector('video')?.getAttribute('src')).toBe('blob:3');
    video.unmount();
    renderBubble(attached('Plan.pdf', 'document'), { url: 'blob:4' });
    const download = screen.getByRole('link', { name: /Download File/ });
    expect(download.getAttribute('href')).toBe('blob:4');
    expect(download.getAttribute('download')).toBe('Plan.pdf');
  });

  it('cuts a long document name in the middle, keeping its extension, with the whole name as tooltip', () => {
    const long = 'invoice-2024-march-quarterly-statement-final.pdf';
    renderBubble(attached(long, 'document'), { url: 'blob:5' });
    const label = screen.getByTitle(long);
    expect(label.textContent).toMatch(/^invoice.*….*\.pdf$/);
    expect(label.textContent?.length).toBeLessThanOrEqual(26);
    expect(screen.getByRole('link', { name: /Download File/ }).getAttribute('download')).toBe(long);
  });

  describe('in a server chat', () => {
    const serverMessage = (content: string, file_name: string, kind: 'image' | 'audio', captions = '') =>
      chatMessage({
        content,
        has_attachment: true,
        media_type: file_name.split('.').pop() ?? null,
        attachment: { file_name, kind },
        has_captions: captions !== '',
        captions,
      });

    function renderServer(
      message: ReturnType<typeof chatMessage>,
      answer: Partial<PresignBatchResponse> = {},
    ) {
      tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
      const fetchLinks = vi.fn(async (names: string[]) => ({
        urls: Object.fromEntries(names.map((n) => [n, `/files/${n}?exp=1&sig=s`])),
        missing: [],
        expires_at: '',
        expires_in: 900,
        ...answer,
      }));
      const store = createMediaLinkStore({ fetchLinks, debounceMs: 0 });
      render(
        <MediaLinksProvider source={{ kind: 'server', chat_id: 7 }} media={{}} store={store}>
          <MessageBubble message={message} index={0} own={false} highlighted={false} />
        </MediaLinksProvider>,
        { wrapper: AppProviders },
      );
      return fetchLinks;
    }

    it('shows the attachment from a signed link of its object name, then the caption', async () => {
      const fetchLinks = renderServer(
        serverMessage('u1/AbC/IMG-1.png At the beach', 'IMG-1.png', 'image', 'At the beach'),
      );
      expect(screen.getByText('Loading…')).toBeTruthy();
      const image = await screen.findByRole('img', { name: 'IMG-1.png' });
      expect(image.getAttribute('src')).toBe('/files/u1/AbC/IMG-1.png?exp=1&sig=s');
      expect(fetchLinks).toHaveBeenCalledWith(['u1/AbC/IMG-1.png']);
      expect(screen.getByText('At the beach')).toBeTruthy();
      expect(screen.queryByText(/u1\/AbC/)).toBeNull();
    });

    it('says so when the file is no longer available, and when it does not load', async () => {
      renderServer(serverMessage('u1/x/a.ogg', 'a.ogg', 'audio'), { urls: {}, missing: ['u1/x/a.ogg'] });
      expect(await screen.findByText('This file is no longer available')).toBeTruthy();
    });

    it('reports a broken fresh link as a file that could not be loaded', async () => {
      renderServer(serverMessage('u1/x/b.png', 'b.png', 'image'));
      const image = await screen.findByRole('img', { name: 'b.png' });
      act(() => {
        fireEvent.error(image);
      });
      expect(await screen.findByText('This file could not be loaded')).toBeTruthy();
    });
  });
});
