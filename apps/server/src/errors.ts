/** A body that is not JSON: the words every route uses (the chat save and its worker read their body themselves). */
export const MALFORMED_JSON = 'The request body is not valid JSON. Reload the page and try again.';

/**
 * An error whose message is meant for the client. Services throw it; the HTTP error handler sends
 * `{ message }` with its status. Any other error is a bug and reaches the client as a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 that says when to try again: the error handler sends `retryAfterSeconds` as Retry-After too. */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'RetryLaterError';
  }
}
