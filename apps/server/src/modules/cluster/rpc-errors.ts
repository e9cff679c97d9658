/** The instance called did not answer in time (down, overloaded, or not listening). */
export class RpcTimeoutError extends Error {
  constructor(
    readonly targetInstanceId: string,
    readonly command: string,
    readonly timeoutMs: number,
  ) {
    super(`Instance "${targetInstanceId}" did not answer "${command}" within ${timeoutMs} ms.`);
    this.name = 'RpcTimeoutError';
  }
}

/**
 * The instance called answered with an error. `statusCode` is the remote error's own (an AppError's), so
 * the HTTP error handler can answer the caller's client as the remote instance would have.
 */
export class RpcRemoteError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RpcRemoteError';
  }
}

/** What of a handler's error crosses to the caller: its message and, when it has one, its HTTP status. */
export function describeRemoteError(error: unknown): { statusCode?: number; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return Number.isInteger(statusCode) ? { statusCode: statusCode as number, message } : { message };
}
