import type { z } from 'zod';
import { tokenStorage } from '@/shared/storage/storage';
import {
  apiErrorFromBody,
  apiUrl,
  BAD_RESPONSE,
  endSession,
  NETWORK_ERROR,
  refreshSession,
  xsrfToken,
} from './api-client';
import { ApiError } from './api-error';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0…1 of the body sent so far. */
  fraction: number;
}

export interface UploadOptions<S extends z.ZodType> {
  /** The contract schema of the response body. */
  schema?: S;
  /** Called as the body goes out (again from 0 if the upload is retried after a token refresh). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** When the session cannot be renewed: after clearing the tokens, go to /login (default true). */
  redirectOnAuthFailure?: boolean;
}

interface RawAnswer {
  status: number;
  text: string;
}

// fetch cannot report upload progress; XMLHttpRequest can (upload.onprogress).
function send(path: string, body: FormData, token: string | null, options: UploadOptions<z.ZodType>) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was aborted', 'AbortError');
    if (options.signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const xsrf = xsrfToken();
    if (xsrf) xhr.setRequestHeader('x-xsrf-token', xsrf);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.loaded / event.total,
      });
    };
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

function json(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A multipart upload with progress, with the API client's semantics: bearer token, X-XSRF-TOKEN, one
 * shared token refresh and one retry on a 401, the session ended when it cannot be renewed, and
 * `{message}` error bodies as ApiError.
 */
export async function uploadWithProgress<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  body: FormData,
  options: UploadOptions<S> = {},
): Promise<z.output<S>> {
  const redirect = options.redirectOnAuthFailure ?? true;
  const usedToken = tokenStorage.getAccessToken();
  let answer = await send(path, body, usedToken, options);

  if (answer.status === 401) {
    const current = tokenStorage.getAccessToken();
    // Another call may have renewed the pair meanwhile: then just send again.
    const renewed = (current !== null && current !== usedToken) || (await refreshSession());
    if (renewed) answer = await send(path, body, tokenStorage.getAccessToken(), options);
    if (!renewed || answer.status === 401) {
      endSession(redirect);
      throw apiErrorFromBody(answer.status, json(answer.text));
    }
  }

  if (answer.status < 200 || answer.status >= 300) throw apiErrorFromBody(answer.status, json(answer.text));
  const data = json(answer.text);
  if (!options.schema) return data as z.output<S>;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiError(answer.status, BAD_RESPONSE);
  return parsed.data;
}
