import type { z } from 'zod';
import { tokenStorage } from '@/shared/storage/storage';
import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  /** The contract schema of the response body; the call resolves to its parsed output. */
  schema?: S;
  /** Send the bearer token and refresh it once on a 401 (default true). */
  auth?: boolean;
  /** When the session cannot be renewed: after clearing the tokens, send the user to /login (default true). */
  redirectOnAuthFailure?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export const NETWORK_ERROR = 'The server could not be reached. Check your connection and try again.';
export const BAD_RESPONSE = 'The server sent an answer this page cannot read. Reload the page and try again.';

/** What a failed answer without a `{message}` says: what happened, in words, and what to do (never a raw status). */
export function statusFailureText(status: number): string {
  if (status === 401 || status === 403)
    return 'You are not allowed to do this. Sign in again, or ask an owner of your organisation.';
  if (status === 404) return 'That was not found. It may have been removed; reload the page.';
  if (status === 408 || status === 504) return 'The server took too long to answer. Try again.';
  if (status === 413) return 'That is too large for the server. Try a smaller file.';
  if (status === 429) return 'Too many requests in a short time. Wait a minute and try again.';
  if (status >= 500) return 'The server ran into a problem. Try again in a moment.';
  return 'The server refused this request. Reload the page and try again.';
}

const baseUrl = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
let onUnauthorized: () => void = () => {};
let refreshing: Promise<boolean> | null = null;

/** The full address of a server path, for what cannot go through fetch (EventSource, links). */
export function apiUrl(path: string): string {
  return `${baseUrl}${path}`;
}

/** What happens after a session could not be renewed; the app sends the user to /login. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The cross-site-request-forgery cookie's value, sent back as X-XSRF-TOKEN. */
export function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

async function send<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
  }
  if (token) headers.authorization = `Bearer ${token}`;
  const xsrf = xsrfToken();
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  try {
    return await fetch(`${baseUrl}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ApiError for a failed answer: the server's `{message}` when the body holds one. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  // The contract's errorResponse (`{message: string}`), checked by hand: every page loads this client, and
  // the landing page must not load zod for it (see `npm run bench -- web-bundle`).
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  if (typeof message === 'string' && message) return new ApiError(status, message, true);
  return new ApiError(status, statusFailureText(status));
}

async function toApiError(response: Response): Promise<ApiError> {
  return apiErrorFromBody(response.status, await readJson(response).catch(() => undefined));
}

async function renewTokens(): Promise<boolean> {
  const refresh_token = tokenStorage.getRefreshToken();
  if (!refresh_token) return false;
  try {
    const response = await send('/users/refresh_token/', { method: 'POST', body: { refresh_token } }, null);
    if (!response.ok) return false;
    // Loaded with the first refresh, so a page that never refreshes does not load the schemas (and zod).
    const { refreshResponse } = await import('@wadesk/contract');
    const parsed = refreshResponse.safeParse(await readJson(response));
    if (!parsed.success || !parsed.data.access_token) return false;
    // Refresh tokens rotate: the old one is spent, so the new one must be kept every time.
    tokenStorage.setTokens(parsed.data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renews the token pair once; concurrent callers share the one request in flight, so a burst of
 * 401s never spends the rotating refresh token twice.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= renewTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The session could not be renewed: forget both tokens and (unless told not to) send the user to /login. */
export function endSession(redirect = true): void {
  tokenStorage.clear();
  if (redirect) onUnauthorized();
}

async function sessionLost(response: Response, redirect: boolean): Promise<never> {
  endSession(redirect);
  throw await toApiError(response);
}

/** Sends the call; authenticated calls retry once after one shared token refresh when they get a 401. */
async function authorisedResponse<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<Response> {
  const auth = options.auth ?? true;
  const usedToken = auth ? tokenStorage.getAccessToken() : null;
  let response = await send(path, options, usedToken);

  if (auth && response.status === 401) {
    const current = tokenStorage.getAccessToken();
    // Another call may have renewed the pair while this one was in flight: then just retry.
    const renewed = (current !== null && current !== usedToken) || (await refreshSession());
    if (!renewed) return sessionLost(response, options.redirectOnAuthFailure ?? true);
    response = await send(path, options, tokenStorage.getAccessToken());
    if (response.status === 401) return sessionLost(response, options.redirectOnAuthFailure ?? true);
  }

  if (!response.ok) throw await toApiError(response);
  return response;
}

/** One JSON call, parsed with the contract schema when one is given. */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const response = await authorisedResponse(path, options);
  const data = await readJson(response);
  if (!options.schema) return data as z.output<S>;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, BAD_RESPONSE);
  return parsed.data;
}

/**
 * A call whose answer is a file (e.g. the QR code PNG): same auth, refresh and error handling as
 * apiRequest; a JSON `{message}` error body still becomes an ApiError with that message.
 */
export async function apiBlobRequest(
  path: string,
  options: Omit<RequestOptions<z.ZodType>, 'schema'> = {},
): Promise<Blob> {
  const response = await authorisedResponse(path, {
    ...options,
    headers: { accept: '*/*', ...options.headers },
  });
  return response.blob();
}

type Shortcut = Omit<RequestOptions<z.ZodType>, 'method' | 'body' | 'schema'>;

/** Shorthands: `api.post('/v1/saveChatData/', body, saveChatResponse)`. */
export const api = {
  get: <S extends z.ZodType = z.ZodUnknown>(path: string, schema?: S, options?: Shortcut) =>
    apiRequest(path, { ...options, method: 'GET', schema }),
  post: <S extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, schema?: S, options?: Shortcut) =>
    apiRequest(path, { ...options, method: 'POST', body: body ?? {}, schema }),
  put: <S extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, schema?: S, options?: Shortcut) =>
    apiRequest(path, { ...options, method: 'PUT', body: body ?? {}, schema }),
  patch: <S extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, schema?: S, options?: Shortcut) =>
    apiRequest(path, { ...options, method: 'PATCH', body: body ?? {}, schema }),
  delete: <S extends z.ZodType = z.ZodUnknown>(path: string, schema?: S, options?: Shortcut) =>
    apiRequest(path, { ...options, method: 'DELETE', schema }),
};
