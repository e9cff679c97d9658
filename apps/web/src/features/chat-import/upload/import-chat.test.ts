import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { uploadWithProgress } from '@/shared/api/upload-with-progress';
import { EngineError } from '@/shared/loaded-chat/engine/chat-engine';
import { chooseImporter, importChat, importErrorMessage, importLocally } from './import-chat';
import { importOnServer } from './server-import';
import { UPLOAD_MESSAGES } from './upload-rules';

vi.mock('@/shared/api/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));
const upload = vi.mocked(uploadWithProgress);

const chatActions = () => ({ importFile: vi.fn(async () => ({}) as never), loadChat: vi.fn(async () => {}) });
const file = new File(['x'], 'chat.txt');

const serverAnswer = {
  total_msgs: 2,
  unique_authors: ['Asha'],
  data: [
    {
      author: 'Asha',
      datetime: '12/01/2024, 09:05',
      content: 'u1/abc/IMG-1.png The lagoon',
      has_attachment: true,
      media_type: 'png',
      date: '2024-01-12T09:05:00',
      has_captions: true,
      captions: 'The lagoon',
      attachment: { file_name: 'IMG-1.png', kind: 'image' as const },
    },
    {
      author: 'system',
      datetime: '12/01/2024, 09:06',
      content: 'joined',
      has_attachment: false,
      media_type: null,
      date: '2024-01-12T09:06:00',
      has_captions: false,
      captions: '',
    },
  ],
};

beforeEach(() => {
  upload.mockReset();
});

describe('importChat', () => {
  it('imports locally and sends a visitor to /messages-nologin with the text message', async () => {
    const chat = chatActions();
    const onProgress = vi.fn();
    const outcome = await importChat({ file, kind: 'text' }, { signedIn: false, chat, onProgress });
    expect(chat.importFile).toHaveBeenCalledWith(file, 'text', onProgress);
    expect(upload).not.toHaveBeenCalled();
    expect(outcome).toEqual({ destination: '/messages-nologin', message: 'Files Uploaded, Check Messages' });
  });

  it('sends a signed-in user’s file to the server and to /messages; the zip words for zips only', async () => {
    upload.mockResolvedValue(serverAnswer);
    const chat = chatActions();
    const outcome = await importChat({ file, kind: 'text' }, { signedIn: true, chat });
    expect(outcome).toEqual({ destination: '/messages', message: 'Files Uploaded, Check Messages' });
    const zipped = await importChat({ file, kind: 'zip' }, { signedIn: true, chat });
    expect(zipped).toEqual({ destination: '/messages', message: 'Zip file uploaded and extracted' });
    const local = await importChat({ file, kind: 'zip' }, { signedIn: false, chat: chatActions() });
    expect(local.message).toBe('Zip file uploaded and extracted');
    expect(chat.importFile).not.toHaveBeenCalled();
    expect(upload).toHaveBeenCalledWith('/v1/uploadfile/', expect.any(FormData), expect.anything());
    const body = upload.mock.calls[0]?.[1] as FormData;
    expect((body.get('file_uploaded') as File).name).toBe('chat.txt');
  });

  it('chooses the local importer for visitors and the server for signed-in users', () => {
    expect(chooseImporter(false)).toBe(importLocally);
    expect(chooseImporter(true)).toBe(importOnServer);
  });
});

describe('importOnServer', () => {
  it('reports upload progress, then loads the answer as a server chat with the parser’s fields filled', async () => {
    upload.mockImplementation(async (_path, _body, options) => {
      options?.onProgress?.({ loaded: 50, total: 100, fraction: 0.5 });
      options?.onProgress?.({ loaded: 100, total: 100, fraction: 1 });
      return serverAnswer;
    });
    const chat = chatActions();
    const onProgress = vi.fn();
    await importOnServer({ file, kind: 'zip' }, { signedIn: true, chat, onProgress });
    expect(onProgress.mock.calls).toEqual([
      ['uploading', 0],
      ['uploading', 0.5],
      ['processing', 1],
      ['done'],
    ]);
    const loaded = chat.loadChat.mock.calls[0] as unknown as [{ source: unknown; data: unknown[] }];
    expect(loaded[0].source).toEqual({ kind: 'server', chat_id: null });
    expect(loaded[0].data[0]).toMatchObject({ content: 'u1/abc/IMG-1.png The lagoon', edited: false });
    expect(loaded[0].data[1]).toMatchObject({ attachment: null, omitted_media: null, deleted: false });
  });
});

const DAMAGED = 'Error extracting zip file: The zip file is damaged or is not a zip file.';

describe('importErrorMessage', () => {
  it('gives a damaged zip the same words whether the browser or the server tried to open it', () => {
    const browser = importErrorMessage(new EngineError('zip', 'Error extracting zip file'), 'zip');
    expect(browser).toBe(DAMAGED);
    for (const said of [
      'This file is named .zip but is not a zip archive.',
      'The zip file is damaged or is not a zip file.',
    ]) {
      expect(importErrorMessage(new ApiError(415, said, true), 'zip')).toBe(browser);
      expect(importErrorMessage(new ApiError(400, said, true), 'zip')).toBe(browser);
    }
    const noChat =
      'The zip holds no chat text file (.txt). Export the chat from WhatsApp again and upload that zip.';
    expect(importErrorMessage(new ApiError(400, noChat, true), 'zip')).toBe(
      importErrorMessage(new EngineError('zip', noChat), 'zip'),
    );
  });

  it('keeps the generic words for a zip refused for its size, the quota or the chat inside it', () => {
    const big = 'The file is larger than the 4 MB limit.';
    expect(importErrorMessage(new ApiError(413, big, true), 'zip')).toBe(
      `some error occured in file upload: ${big}`,
    );
    expect(
      importErrorMessage(new ApiError(400, 'No WhatsApp messages were found in this file.', true), 'zip'),
    ).toBe(UPLOAD_MESSAGES.noMessages);
  });

  it('uses the catalogue words, followed by the zip reader’s own clearer message', () => {
    expect(importErrorMessage(new EngineError('zip', 'Error extracting zip file'))).toBe(DAMAGED);
    expect(importErrorMessage(new EngineError('zip', 'The zip holds no chat text file (.txt).'))).toBe(
      'Error extracting zip file: The zip holds no chat text file (.txt).',
    );
    expect(importErrorMessage(new EngineError('zip', ''))).toBe(DAMAGED);
    expect(importErrorMessage(new EngineError('no-messages', 'x'))).toBe(UPLOAD_MESSAGES.noMessages);
    expect(importErrorMessage(new EngineError('failed', 'worker died'))).toBe(
      'some error occured in file upload',
    );
    expect(importErrorMessage(new TypeError('boom'))).toBe('some error occured in file upload');
  });

  it('adds the server’s message for a 4xx about the file to the catalogue words', () => {
    const said = 'No WhatsApp messages were found in this file.';
    expect(importErrorMessage(new ApiError(400, said, true))).toBe(said);
    expect(importErrorMessage(new ApiError(413, 'The file is larger than the 4 MB limit.', true))).toBe(
      'some error occured in file upload: The file is larger than the 4 MB limit.',
    );
    expect(importErrorMessage(new ApiError(401, 'Invalid or expired token.', true))).toBe(
      UPLOAD_MESSAGES.failed,
    );
    expect(importErrorMessage(new ApiError(500, 'Internal Server Error', true))).toBe(UPLOAD_MESSAGES.failed);
    expect(importErrorMessage(new ApiError(0, 'unreachable'))).toBe(UPLOAD_MESSAGES.failed);
  });
});
