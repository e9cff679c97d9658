/** Every failed API call surfaces as this: the HTTP status (0 when the server was not reached) and a message. */
export class ApiError extends Error {
  readonly status: number;
  /** True when `message` is the server's own `{message}` and may be shown to the user as-is. */
  readonly fromServer: boolean;

  constructor(status: number, message: string, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when it sent one, else the catalogue's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer ? error.message : fallback;
}

/**
 * For calls whose failures the catalogue words itself (a save, a QR code): a refusal (4xx: a role, an
 * unverified address, a limit) in the server's words, since the user can act on them; anything else as
 * `fallback`.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500
    ? error.message
    : fallback;
}
