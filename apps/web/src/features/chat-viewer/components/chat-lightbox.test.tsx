import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@wadesk/chat-export';
import { describe, expect, it, vi } from 'vitest';
import { MediaLinksProvider } from '@/features/chat-viewer/media/media-links-context';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { AppProviders } from '@/testing/query-wrapper';
import { ChatLightbox } from './chat-lightbox';
import { MessageBubble } from './message-bubble';

const attached = (file_name: string, kind: 'image' | 'video' | 'document', captions = '') =>
  chatMessage({
    author: 'Alice',
    content: `${file_name} (file attached)`,
    has_attachment: true,
    attachment: { file_name, kind },
    has_captions: captions !== '',
    captions,
  });

const messages: ChatMessage[] = [
  attached('IMG-20240301-WA0001.jpg', 'image', 'the beach'),
  chatMessage({ author: 'Bob', content: 'nice' }),
  attached('VID-20240301-WA0002.mp4', 'video'),
  attached('invoice.pdf', 'document'),
  attached('IMG-20240301-WA0003.jpg', 'image'),
  attached('IMG-20240301-WA0004.jpg', 'image'),
];

// The last photo was not in the upload.
const media = {
  'IMG-20240301-WA0001.jpg': { url: 'blob:chat/1', type: 'image/jpeg' },
  'VID-20240301-WA0002.mp4': { url: 'blob:chat/2', type: 'video/mp4' },
  'invoice.pdf': { url: 'blob:chat/3', type: 'application/pdf' },
  'IMG-20240301-WA0003.jpg': { url: 'blob:chat/4', type: 'image/jpeg' },
};

function renderChat() {
  return render(
    <MediaLinksProvider source={{ kind: 'local', file_name: 'chat.zip' }} media={media}>
      <ChatLightbox messages={messages} indices={null}>
        {messages.map((message, index) => (
          <MessageBubble
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
            key={index}
            message={message}
            index={index}
            own={false}
            highlighted={false}
          />
        ))}
      </ChatLightbox>
    </MediaLinksProvider>,
    { wrapper: AppProviders },
  );
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading').textContent;

describe('the chat viewer’s lightbox', () => {
  it('opens at the clicked photo and steps through the chat’s photos and videos in order', async () => {
    const user = userEvent.setup();
    renderChat();
    // Documents open no lightbox.
    expect(screen.queryByRole('button', { name: 'Open invoice.pdf' })).toBeNull();
    const opener = screen.getByRole('button', { name: 'Open IMG-20240301-WA0003.jpg' });
    await user.click(opener);
    expect(title()).toBe('Photo 3 of 4');
    expect(
      (within(dialog()).getByRole('img', { name: 'IMG-20240301-WA0003.jpg' }) as HTMLImageElement).src,
    ).toBe('blob:chat/4');
    expect(within(dialog()).getByText(/1 Mar 2022, 08:00 · IMG-20240301-WA0003\.jpg/)).toBeTruthy();

    await user.keyboard('{ArrowLeft}');
    expect(title()).toBe('Video 2 of 4');
    expect(dialog().querySelector('video')?.getAttribute('src')).toBe('blob:chat/2');
    await user.keyboard('{ArrowLeft}');
    expect(title()).toBe('Photo 1 of 4');
    expect(within(dialog()).getByText(/the beach/)).toBeTruthy();
    // The first stays the first: no wrapping to the last.
    await user.keyboard('{ArrowLeft}');
    expect(title()).toBe('Photo 1 of 4');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('saves under the export’s own file name', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(screen.getByRole('button', { name: 'Open VID-20240301-WA0002.mp4' }));
    expect(title()).toBe('Video 2 of 4');
    await user.click(within(dialog()).getByRole('button', { name: 'Download' }));
    expect(saved).toEqual(['VID-20240301-WA0002.mp4 blob:chat/2']);
  });

  it('says so when the file was not in the upload', async () => {
    const user = userEvent.setup();
    renderChat();
    await user.click(screen.getByRole('button', { name: 'Open IMG-20240301-WA0003.jpg' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(title()).toBe('Photo 4 of 4');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Not included in this upload');
    expect((within(dialog()).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
