import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('tries an unreachable server or a server failure again, twice at most', () => {
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'down'))).toBe(false);
  });

  it('never tries a 4xx answer, a bad response or an unknown error again', () => {
    expect(shouldRetry(0, new ApiError(404, 'nope'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'signed out'))).toBe(false);
    expect(shouldRetry(0, new ApiError(200, 'unexpected response'))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});
