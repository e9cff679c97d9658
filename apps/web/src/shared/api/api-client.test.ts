import { tokenPair } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import {
  apiBlobRequest,
  apiErrorFromBody,
  apiRequest,
  setUnauthorizedHandler,
  statusFailureText,
} from './api-client';
import { ApiError } from './api-error';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).authorization;
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path);

/** A server whose access tokens are valid only when they equal `valid`; refresh rotates the pair. */
function fakeServer(options: { refreshOk: boolean }) {
  let valid = 'fresh-access';
  return mockFetch(async (url, init) => {
    if (url === '/users/refresh_token/') {
      if (!options.refreshOk) return json(401, { message: 'Invalid refresh token.' });
      // a little latency so that concurrent callers overlap
      await new Promise((resolve) => setTimeout(resolve, 5));
      valid = 'fresh-access';
      return json(200, { access_token: valid, refresh_token: 'fresh-refresh' });
    }
    if (bearer(init) !== `Bearer ${valid}`) return json(401, { message: 'Invalid or expired token.' });
    return json(200, { ok: url });
  });
}

describe('apiRequest', () => {
  const unauthorized = vi.fn();
  beforeEach(() => {
    unauthorized.mockReset();
    setUnauthorizedHandler(unauthorized);
    tokenStorage.setTokens({ access_token: 'stale-access', refresh_token: 'old-refresh' });
  });

  it('sends the bearer token and parses the body with the contract schema', async () => {
    tokenStorage.setTokens({ access_token: 'good', refresh_token: 'r' });
    const fetchMock = mockFetch(() => json(200, { access_token: 'x', refresh_token: 'y' }));
    const result = await apiRequest('/users/thing/', { schema: tokenPair });
    expect(result).toEqual({ access_token: 'x', refresh_token: 'y' });
    expect(bearer(fetchMock.mock.calls[0]?.[1] ?? {})).toBe('Bearer good');
  });

  it('on a 401 refreshes once, stores both new tokens and retries the call once', async () => {
    const fetchMock = fakeServer({ refreshOk: true });
    await expect(apiRequest('/users/authcheck/')).resolves.toEqual({ ok: '/users/authcheck/' });
    expect(calls(fetchMock, '/users/refresh_token/')).toHaveLength(1);
    expect(JSON.parse(String(calls(fetchMock, '/users/refresh_token/')[0]?.[1]?.body))).toEqual({
      refresh_token: 'old-refresh',
    });
    const checks = calls(fetchMock, '/users/authcheck/');
    expect(checks.map(([, init]) => bearer(init ?? {}))).toEqual([
      'Bearer stale-access',
      'Bearer fresh-access',
    ]);
    expect(tokenStorage.getAccessToken()).toBe('fresh-access');
    expect(tokenStorage.getRefreshToken()).toBe('fresh-refresh');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('shares one in-flight refresh between concurrent calls', async () => {
    const fetchMock = fakeServer({ refreshOk: true });
    const results = await Promise.all([apiRequest('/a/'), apiRequest('/b/'), apiRequest('/c/')]);
    expect(results).toEqual([{ ok: '/a/' }, { ok: '/b/' }, { ok: '/c/' }]);
    expect(calls(fetchMock, '/users/refresh_token/')).toHaveLength(1);
  });

  it('clears both tokens and reports the lost session when the refresh fails', async () => {
    const fetchMock = fakeServer({ refreshOk: false });
    const error = await apiRequest('/users/authcheck/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls(fetchMock, '/users/authcheck/')).toHaveLength(1);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('treats a refresh without an access token as a failure', async () => {
    mockFetch((url) =>
      url === '/users/refresh_token/'
        ? json(200, { access_token: '', refresh_token: 'r2' })
        : json(401, { message: 'Invalid or expired token.' }),
    );
    await expect(apiRequest('/users/authcheck/')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a second time when the retry is refused too', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/users/refresh_token/'
        ? json(200, { access_token: 'new', refresh_token: 'r2' })
        : json(401, { message: 'Nope' }),
    );
    await expect(apiRequest('/users/authcheck/')).rejects.toMatchObject({ status: 401, message: 'Nope' });
    expect(calls(fetchMock, '/users/refresh_token/')).toHaveLength(1);
    expect(calls(fetchMock, '/users/authcheck/')).toHaveLength(2);
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('leaves redirecting to the caller when asked to', async () => {
    fakeServer({ refreshOk: false });
    await expect(apiRequest('/users/logout/', { redirectOnAuthFailure: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('never refreshes for unauthenticated calls and surfaces the server message', async () => {
    const fetchMock = mockFetch(() => json(401, { message: 'Incorrect email or password.' }));
    const error = (await apiRequest('/users/login/', { auth: false, body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toMatchObject({ status: 401, message: 'Incorrect email or password.', fromServer: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bearer(fetchMock.mock.calls[0]?.[1] ?? {})).toBeUndefined();
    expect(tokenStorage.getAccessToken()).toBe('stale-access');
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/config/', { auth: false })).rejects.toMatchObject({
      status: 0,
      fromServer: false,
    });
  });

  it('rejects a response that does not match the schema', async () => {
    mockFetch(() => json(200, { access_token: 1 }));
    await expect(apiRequest('/x/', { schema: tokenPair })).rejects.toMatchObject({ status: 200 });
  });

  it('returns a file body as a Blob, after the same one refresh on a 401', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const fetchMock = mockFetch(async (url, init) => {
      if (url === '/users/refresh_token/') return json(200, { access_token: 'new', refresh_token: 'r2' });
      if (bearer(init) !== 'Bearer new') return json(401, { message: 'Invalid or expired token.' });
      return new Response(png, { status: 200, headers: { 'content-type': 'image/png' } });
    });
    const blob = await apiBlobRequest('/api/generateQRCode/', { method: 'POST', body: { sessionID: 's' } });
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    expect(calls(fetchMock, '/api/generateQRCode/')).toHaveLength(2);
  });

  it('turns a JSON error of a file call into an ApiError with the server message', async () => {
    mockFetch(() => json(409, { message: 'No QR code available for this session right now.' }));
    await expect(apiBlobRequest('/api/generateQRCode/', { body: {} })).rejects.toMatchObject({
      status: 409,
      message: 'No QR code available for this session right now.',
      fromServer: true,
    });
  });
});

describe('a failure the server did not explain', () => {
  it.each([400, 401, 403, 404, 408, 409, 413, 429, 500, 502, 503, 504])(
    'reads as a sentence for status %i, never the raw status',
    (status) => {
      const error = apiErrorFromBody(status, '<html>proxy error</html>');
      expect(error.message).toBe(statusFailureText(status));
      expect(error.message).not.toMatch(/\d{3}|status|undefined/i);
      expect(error.message).toMatch(/^[A-Z].*\.$/);
      expect(error.fromServer).toBe(false);
    },
  );

  it("keeps the server's own message", () => {
    expect(apiErrorFromBody(409, { message: 'Choose a role: admin or member.' })).toMatchObject({
      message: 'Choose a role: admin or member.',
      fromServer: true,
    });
  });
});
