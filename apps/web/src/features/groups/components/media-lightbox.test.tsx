import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { message, openGroup, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse } from '@/testing/render-routes';

const photo = (extra: Record<string, unknown>) =>
  message({ has_media: true, message_type: 'image', media_base64: 'AAAA', mimetype: 'image/jpeg', ...extra });

const first = photo({ body: 'first pic' });
const text = message({ body: 'just words' });
const clip = photo({ message_type: 'video', mimetype: 'video/mp4', body: '' });
const report = photo({ body: '', filename: 'site report.jpg' });
const refused = photo({ body: 'too big' });
const REFUSAL =
  'This media is 150 MB, larger than the 100 MB this server downloads from WhatsApp. Open it on the phone instead.';

function mediaServer() {
  return server({
    messages: () => page([first, text, clip, report, refused]),
    other: (path, body) => {
      if (path !== '/api/downloadMedia/') return undefined;
      if (body.message_id === refused.msg_id) return jsonResponse(413, { message: REFUSAL });
      const video = body.message_id === clip.msg_id;
      return jsonResponse(200, {
        success: true,
        messageMedia: {
          mimetype: video ? 'video/mp4' : 'image/jpeg',
          data: btoa(`file of ${String(body.message_id)}`),
          filename: null,
        },
      });
    },
  });
}

/** Object URLs made and revoked, and the names the browser was asked to save files under. */
function spyOnFiles() {
  let made = 0;
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++made}`);
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { created, revoked, saved };
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading').textContent;

describe('the WhatsApp Chat page’s lightbox', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('opens at the clicked photo, steps with the arrows and stops at the ends, Escape gives focus back', async () => {
    const fetchMock = mediaServer();
    const files = spyOnFiles();
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const opener = (await screen.findAllByRole('button', { name: 'Open Image' }))[0];
    await user.click(opener as HTMLElement);

    expect(title()).toBe('Photo 1 of 4');
    expect(within(dialog()).getByText(/first pic/)).toBeTruthy();
    // The full file replaces the blurred preview once downloaded.
    expect(await within(dialog()).findByRole('img', { name: 'first pic' })).toBeTruthy();
    expect((within(dialog()).getByRole('img', { name: 'first pic' }) as HTMLImageElement).src).toBe(
      'blob:test/1',
    );
    // Clicking the preview opens; it does not blink the author's messages.
    expect(document.querySelector('[data-blinking]')).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    await user.keyboard('{ArrowLeft}');
    expect(title()).toBe('Photo 1 of 4');
    await user.keyboard('{ArrowRight}');
    expect(title()).toBe('Video 2 of 4');
    await waitFor(() => expect(dialog().querySelector('video')?.getAttribute('src')).toBe('blob:test/2'));
    // The photo's object URL went with it.
    expect(files.revoked).toHaveBeenCalledWith('blob:test/1');
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    await user.keyboard('{ArrowRight}');
    expect(title()).toBe('Photo 4 of 4');
    expect(within(dialog()).getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(title()).toBe('Photo 4 of 4');

    // Back to the first: its file is still kept, not downloaded again.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(title()).toBe('Photo 1 of 4');
    await within(dialog()).findByRole('img', { name: 'first pic' });
    const asked = fetchMock.mock.calls.filter(([url]) => url === '/api/downloadMedia/');
    expect(asked.filter(([, init]) => String(init?.body).includes(first.msg_id))).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('saves the shown file under its own name, else one of group, author and time', async () => {
    mediaServer();
    const files = spyOnFiles();
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const openers = await screen.findAllByRole('button', { name: 'Open Image' });
    await user.click(openers[1] as HTMLElement);
    expect(title()).toBe('Photo 3 of 4');
    await within(dialog()).findByRole('img', { name: 'site report.jpg' });
    await user.click(within(dialog()).getByRole('button', { name: 'Download' }));
    expect(files.saved).toEqual(['site report.jpg']);

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await within(dialog()).findByRole('img', { name: 'first pic' });
    await user.click(within(dialog()).getByRole('button', { name: 'Download' }));
    expect(files.saved[1]).toMatch(/^Pune Support - Ravi Kumar - \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d\.jpeg$/);
  });

  it('keeps the last three files: an older one is asked for again', async () => {
    const photos = [1, 2, 3, 4].map((n) => photo({ body: `pic ${n}` }));
    const fetchMock = server({
      messages: () => page(photos),
      other: (path, body) =>
        path === '/api/downloadMedia/'
          ? jsonResponse(200, {
              success: true,
              messageMedia: { mimetype: 'image/jpeg', data: btoa(String(body.message_id)), filename: null },
            })
          : undefined,
    });
    spyOnFiles();
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await user.click((await screen.findAllByRole('button', { name: 'Open Image' }))[0] as HTMLElement);
    for (const n of [1, 2, 3, 4]) {
      await within(dialog()).findByRole('img', { name: `pic ${n}` });
      if (n < 4) await user.keyboard('{ArrowRight}');
    }
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await within(dialog()).findByRole('img', { name: 'pic 1' });
    const asked = (shown: { msg_id: string }) =>
      fetchMock.mock.calls.filter(
        ([url, init]) => url === '/api/downloadMedia/' && String(init?.body).includes(shown.msg_id),
      ).length;
    expect(photos.map(asked)).toEqual([2, 1, 1, 1]);
  });

  it('shows the server’s words when the full file is refused', async () => {
    mediaServer();
    spyOnFiles();
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const openers = await screen.findAllByRole('button', { name: 'Open Image' });
    await user.click(openers[2] as HTMLElement);
    expect(title()).toBe('Photo 4 of 4');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(REFUSAL);
    expect((within(dialog()).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
