import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { uploadWithProgress } from '@/shared/api/upload-with-progress';
import { EngineError } from '@/shared/loaded-chat/engine/chat-engine';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { tokenStorage } from '@/shared/storage/storage';
import { renderRoutes } from '@/testing/render-routes';
import { UploadCard } from './upload-card';
import { MAX_UPLOAD_BYTES } from './upload-rules';

vi.mock('@/shared/api/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));
const upload = vi.mocked(uploadWithProgress);
beforeEach(() => {
  upload.mockReset();
});

function renderCard(engine = fakeEngine()) {
  const view = renderRoutes(
    [
      {
        element: (
          <ChatProvider engine={engine}>
            <UploadCard size="compact" />
          </ChatProvider>
        ),
        path: '/',
      },
      { path: '/messages-nologin', element: <p>anonymous viewer</p> },
      { path: '/messages', element: <p>signed-in viewer</p> },
    ],
    '/',
  );
  return { ...view, engine };
}

const pick = (files: File[]) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });
const loaded = loadedChat(chatData([chatMessage()]));

describe('UploadCard', () => {
  it('shows the specification’s texts and offers the four extensions', () => {
    const { engine } = renderCard();
    expect(screen.getByText(/or drag and drop/).textContent).toBe('Click to upload or drag and drop');
    expect(screen.getByText('Supported files: .txt or .zip [Max Size: 4MB]')).toBeTruthy();
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    expect(input.accept).toBe('.zip,.rar,.7zip,.txt');
    expect(input.multiple).toBe(true);
    expect(engine.warm).toHaveBeenCalled();
  });

  it('refuses an archive it cannot open and a file over 4 MB, with a toast', async () => {
    const { engine } = renderCard();
    pick([new File(['Rar!'], 'chat.rar')]);
    expect((await screen.findByTestId('upload-error')).textContent).toBe(
      'Only .txt and .zip WhatsApp exports are supported.',
    );
    pick([new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'chat.txt')]);
    await waitFor(() =>
      expect(screen.getByTestId('upload-error').textContent).toBe('file size exceed limit of 4MB'),
    );
    expect(engine.importFile).not.toHaveBeenCalled();
  });

  it('imports only the first file and takes a visitor to /messages-nologin', async () => {
    const importFile = vi.fn(async () => loaded);
    const { router } = renderCard(fakeEngine({ importFile }));
    const first = new File(['x'], 'chat.txt', { type: 'text/plain' });
    pick([first, new File(['y'], 'other.zip')]);
    expect(await screen.findByText('anonymous viewer')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/messages-nologin');
    expect(importFile).toHaveBeenCalledTimes(1);
    expect(importFile).toHaveBeenCalledWith(first, 'chat.txt', 'text', expect.any(Function));
    expect(await screen.findByText('Files Uploaded, Check Messages')).toBeTruthy();
  });

  it('sends a signed-in user’s file to the server with progress, then to /messages', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    let answer: (chat: unknown) => void = () => {};
    upload.mockImplementation(
      (_path, _body, options) =>
        new Promise((resolve) => {
          options?.onProgress?.({ loaded: 40, total: 100, fraction: 0.4 });
          answer = resolve;
        }),
    );
    const load = vi.fn(async () => loaded);
    const { engine } = renderCard(fakeEngine({ load }));
    pick([new File(['x'], 'chat.zip')]);
    expect(await screen.findByText('Uploading… 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '30',
    );
    answer({ total_msgs: 0, unique_authors: [], data: [] });
    expect(await screen.findByText('signed-in viewer')).toBeTruthy();
    expect(await screen.findByText('Zip file uploaded and extracted')).toBeTruthy();
    expect(engine.importFile).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({ source: { kind: 'server', chat_id: null } }),
      [],
    );
  });

  it('shows the server’s message when it refuses the file', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    upload.mockRejectedValue(new ApiError(400, 'No WhatsApp messages were found in this file.', true));
    renderCard();
    pick([new File(['x'], 'notes.txt')]);
    await waitFor(() =>
      expect(screen.getByTestId('upload-error').textContent).toBe(
        'No WhatsApp messages were found in this file.',
      ),
    );
    upload.mockRejectedValue(new ApiError(502, 'Bad gateway'));
    await waitFor(() => expect(screen.getByTestId('upload-card').getAttribute('aria-busy')).toBeNull());
    pick([new File(['x'], 'notes.txt')]);
    await waitFor(() =>
      expect(screen.getByTestId('upload-error').textContent).toBe('some error occured in file upload'),
    );
  });

  it('shows progress while importing and the failure after', async () => {
    let fail: (error: Error) => void = () => {};
    const importFile = vi.fn(
      (_file: Blob, _name: string, _kind: string, onProgress?: (phase: 'parsing') => void) =>
        new Promise<never>((_, reject) => {
          onProgress?.('parsing');
          fail = reject;
        }),
    );
    renderCard(fakeEngine({ importFile }));
    pick([new File(['x'], 'chat.zip')]);
    expect(await screen.findByText('Reading the messages…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );
    fail(new EngineError('zip', 'Error extracting zip file'));
    const words = 'Error extracting zip file: The zip file is damaged or is not a zip file.';
    await waitFor(() => expect(screen.getByTestId('upload-error').textContent).toBe(words));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull());
  });

  it('keeps the failure on the card after the toast has gone, until the next attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const importFile = vi.fn(async () => {
        throw new EngineError('no-messages', 'none');
      });
      renderCard(fakeEngine({ importFile }));
      pick([new File(['x'], 'chat.txt')]);
      const said = 'No WhatsApp messages were found in this file.';
      await waitFor(() => expect(screen.getByTestId('upload-error').textContent).toBe(said));
      await vi.advanceTimersByTimeAsync(5000);
      expect(screen.getByTestId('upload-error').textContent).toBe(said);
      importFile.mockImplementation(() => new Promise<never>(() => {}));
      pick([new File(['x'], 'chat.txt')]);
      await waitFor(() => expect(screen.queryByTestId('upload-error')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
