import { chatData } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { BAD_RESPONSE, setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-error';
import { uploadWithProgress } from './upload-with-progress';

interface Answer {
  status: number;
  body?: unknown;
  /** Progress events (loaded bytes of 100) sent before the answer. */
  progress?: number[];
}

/** A stand-in for XMLHttpRequest: `respond` decides the answer from the request's headers. */
function fakeXhr(respond: (headers: Record<string, string>, body: unknown) => Answer | 'network-error') {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      queueMicrotask(() => this.onabort?.());
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      const answer = respond(this.headers, body);
      setTimeout(() => {
        if (answer === 'network-error') return this.onerror?.();
        for (const loaded of answer.progress ?? [])
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      }, 1);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const chat = { total_msgs: 1, unique_authors: ['A'], data: [] };
const form = () => {
  const body = new FormData();
  body.append('file_uploaded', new File(['x'], 'chat.txt'));
  return body;
};

describe('uploadWithProgress', () => {
  const unauthorized = vi.fn();
  beforeEach(() => {
    unauthorized.mockReset();
    setUnauthorizedHandler(unauthorized);
    tokenStorage.setTokens({ access_token: 'good', refresh_token: 'r1' });
  });

  it('sends the form with the bearer token, reports progress and parses the answer', async () => {
    const sent = fakeXhr(() => ({ status: 200, body: chat, progress: [25, 100] }));
    const progress: number[] = [];
    const result = await uploadWithProgress('/v1/uploadfile/', form(), {
      schema: chatData,
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(result).toEqual(chat);
    expect(progress).toEqual([0.25, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/v1/uploadfile/');
    expect(sent[0]?.headers.authorization).toBe('Bearer good');
    expect((sent[0]?.body as FormData | undefined)?.get('file_uploaded')).toBeInstanceOf(File);
  });

  it('on a 401 refreshes the token once (through the API client) and sends again', async () => {
    tokenStorage.setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ access_token: 'fresh', refresh_token: 'r2' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const sent = fakeXhr((headers) =>
      headers.authorization === 'Bearer fresh' ? { status: 200, body: chat } : { status: 401 },
    );
    await expect(uploadWithProgress('/v1/uploadfile/', form(), { schema: chatData })).resolves.toEqual(chat);
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tokenStorage.getRefreshToken()).toBe('r2');
  });

  it('ends the session when the refresh fails: tokens removed, sent to /login, ApiError 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    fakeXhr(() => ({ status: 401, body: { message: 'Invalid or expired token.' } }));
    const error = await uploadWithProgress('/v1/uploadfile/', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("turns the server's {message} into an ApiError that may be shown", async () => {
    fakeXhr(() => ({ status: 413, body: { message: 'The file is larger than the 4 MB limit.' } }));
    const error = (await uploadWithProgress('/v1/uploadfile/', form()).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 413,
      fromServer: true,
      message: 'The file is larger than the 4 MB limit.',
    });
  });

  it('fails with status 0 when the server cannot be reached, and on an unexpected body', async () => {
    fakeXhr(() => 'network-error');
    await expect(uploadWithProgress('/v1/uploadfile/', form())).rejects.toMatchObject({ status: 0 });
    fakeXhr(() => ({ status: 200, body: { nope: true } }));
    await expect(uploadWithProgress('/v1/uploadfile/', form(), { schema: chatData })).rejects.toMatchObject({
      message: BAD_RESPONSE,
    });
  });

  it('can be aborted', async () => {
    fakeXhr(() => ({ status: 200, body: chat }));
    const controller = new AbortController();
    const upload = uploadWithProgress('/v1/uploadfile/', form(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});
