import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composerMessages, type SessionGroup } from '@wadesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { ToastHost } from '@/shared/ui/toast';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, stubFetch } from '@/testing/render-routes';
import { Composer } from './composer';

const GROUP: SessionGroup = {
  group_id: '120363000000000001@g.us',
  name: 'Support',
  session_name: 'Main',
  session_id: '11111111-1111-4111-8111-111111111111',
  last_message: null,
  unread_count: 0,
  ticket_mode: 'per_customer',
  satisfaction_poll: 'organisation',
  open_tickets: 0,
};

interface Sent {
  url: string;
  fields: Record<string, FormDataEntryValue>;
}

/** XMLHttpRequest as the composer's multipart send uses it: records each form, answers `status`. */
function fakeXhr(answer: () => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, fields: Object.fromEntries(body.entries()) });
      const { status, body: reply } = answer();
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      }, 1);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const OK = {
  status: 200,
  body: {
    session_id: GROUP.session_id,
    group_id: GROUP.group_id,
    wa_id: '3EB0AA',
    kind: 'text',
    sent_at: '2026-11-30T10:00:00.000Z',
  },
};

function sessionStatus(connected: boolean) {
  return stubFetch((path) =>
    path === '/api/sessionStatus/'
      ? jsonResponse(200, {
          success: connected,
          message: connected ? 'Connected' : 'Disconnected',
          status: connected ? 'connected' : 'unreachable',
          reason: null,
          driver: 'simulator',
          phone: null,
          resumes_at: null,
        })
      : jsonResponse(404, { message: `unexpected ${path}` }),
  );
}

function renderComposer(group: SessionGroup = GROUP, onSent?: () => void) {
  return render(
    <AppProviders>
      <Composer key={group.group_id} group={group} onSent={onSent} />
      <ToastHost />
    </AppProviders>,
  );
}

const field = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('Composer', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the trimmed text with Enter as a form, and clears the field', async () => {
    sessionStatus(true);
    const sent = fakeXhr(() => OK);
    renderComposer();
    await userEvent.type(field(), '  On its way today.  {Enter}');
    await waitFor(() => expect(field().value).toBe(''));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/sendGroupMessage/');
    expect(sent[0]?.fields).toEqual({
      session_id: GROUP.session_id,
      group_id: GROUP.group_id,
      text: 'On its way today.',
    });
  });

  it('says it was sent only once WhatsApp took it (the conversation then shows its end)', async () => {
    sessionStatus(true);
    fakeXhr(() => ({ status: 429, body: { message: composerMessages.tooMany } }));
    const onSent = vi.fn();
    renderComposer(GROUP, onSent);
    await userEvent.type(field(), 'Refused{Enter}');
    await screen.findByText(composerMessages.tooMany);
    expect(onSent).not.toHaveBeenCalled();
    fakeXhr(() => OK);
    await userEvent.clear(field());
    await userEvent.type(field(), 'Taken{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
  });

  it('starts a new line with Shift+Enter instead of sending', async () => {
    sessionStatus(true);
    const sent = fakeXhr(() => OK);
    renderComposer();
    await userEvent.type(field(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(field().value).toBe('Line one\nLine two');
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.fields.text).toBe('Line one\nLine two');
  });

  it('sends a chosen file with the text as its caption, showing its name and size until sent', async () => {
    sessionStatus(true);
    const sent = fakeXhr(() => OK);
    renderComposer();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const photo = new File([new Uint8Array(2048)], 'box.png', { type: 'image/png' });
    await userEvent.upload(input, photo);
    expect(screen.getByText('box.png')).toBeTruthy();
    expect(screen.getByText('Photo, 2 KB')).toBeTruthy();
    expect(field().placeholder).toBe('Add a caption');
    await userEvent.type(field(), 'The damaged box{Enter}');
    await waitFor(() => expect(screen.queryByText('box.png')).toBeNull());
    expect(sent[0]?.fields.text).toBe('The damaged box');
    expect((sent[0]?.fields.file as File | undefined)?.name).toBe('box.png');
  });

  it('refuses a file over its limit before uploading, in words, and keeps nothing attached', async () => {
    sessionStatus(true);
    const sent = fakeXhr(() => OK);
    renderComposer();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const video = new File(['x'], 'trip.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 16 * 1024 * 1024 + 1 });
    await userEvent.upload(input, video);
    expect(await screen.findByText(composerMessages.tooLarge('video'))).toBeTruthy();
    expect(composerMessages.tooLarge('video')).toContain('16 MB');
    expect(screen.queryByText('trip.mp4')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's words when sending fails, and keeps the text", async () => {
    sessionStatus(true);
    fakeXhr(() => ({ status: 429, body: { message: composerMessages.tooMany } }));
    renderComposer();
    await userEvent.type(field(), 'Hello{Enter}');
    expect(await screen.findByText(composerMessages.tooMany)).toBeTruthy();
    expect(field().value).toBe('Hello');
  });

  it('is disabled with the reason while the session is not connected', async () => {
    sessionStatus(false);
    renderComposer();
    expect(await screen.findByText(/session is not connected, so nobody can write here now/)).toBeTruthy();
    expect(field().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Attach a photo, video or document' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('inserts an emoji from the picker at the caret, by keyboard, and closes with Escape', async () => {
    sessionStatus(true);
    renderComposer();
    await userEvent.type(field(), 'Thanks!');
    field().setSelectionRange(6, 6);
    const toggle = screen.getByRole('button', { name: 'Insert an emoji' });
    await userEvent.click(toggle);
    const picker = screen.getByRole('dialog', { name: 'Emoji' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Grinning face');
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Face with open mouth');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Light bulb');
    await userEvent.keyboard(
      '{Home}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{Enter}',
    );
    expect(field().value).toBe('Thanks🙏!');
    expect(picker.isConnected).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("keeps each group's draft while switching groups", async () => {
    sessionStatus(true);
    const { rerender } = renderComposer();
    await userEvent.type(field(), 'Half a thought');
    const other = { ...GROUP, group_id: '120363000000000002@g.us', name: 'Sales' };
    rerender(
      <AppProviders>
        <Composer key={other.group_id} group={other} />
      </AppProviders>,
    );
    expect(field().value).toBe('');
    rerender(
      <AppProviders>
        <Composer key={GROUP.group_id} group={GROUP} />
      </AppProviders>,
    );
    expect(field().value).toBe('Half a thought');
  });
});
