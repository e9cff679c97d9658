import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MALFORMED_JSON, RetryLaterError } from '../errors';

interface HttpError {
  statusCode: number;
  message: string;
}

/**
 * The one place errors become responses: every failure answers `{ message }`. Client mistakes keep a
 * message that helps the user; anything else is logged and answers a bare 500, never a stack or SQL.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, message } = toHttpError(error);
    // The logger's error serialiser (http/logger.ts) leaves a failed query's parameters out.
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof RetryLaterError) reply.header('retry-after', error.retryAfterSeconds);
    return reply.code(statusCode).send({ message });
  });
}

/**
 * Fastify answers a URL whose %-escapes do not decode (e.g. a lone surrogate, %ED%A0%80) from its router,
 * before any error handler, with its own body: give it the same `{ message }` as every other failure.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { statusCode, message } = toHttpError(error);
  reply.code(statusCode).send({ message });
}

export function toHttpError(error: FastifyError): HttpError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    return { statusCode: 400, message: validationMessage(first?.instancePath ?? '', first?.message) };
  }
  if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: MALFORMED_JSON };
    case 'FST_ERR_BAD_URL':
      return { statusCode: 400, message: 'The address is not a valid URL.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: 'The request is too large for the server. Send less at once.' };
  }
  const status = error.statusCode ?? 500;
  // Fastify's own 4xx errors (unsupported media type, bad content length, …) carry a safe message.
  if (status >= 400 && status < 500) return { statusCode: status, message: error.message };
  return { statusCode: 500, message: 'Something went wrong on the server. Try again in a moment.' };
}

/**
 * The first validation issue. The contract's texts are whole sentences that say what to do ("Enter a valid
 * email address.", "Enter a name for the agent."): they go out as they are, since a field path is a
 * developer's word. A message that is not one (a zod default such as "Too long", or the generic "This field
 * is required.") is prefixed by the field path, unless it already names the field.
 */
const REQUIRED = 'This field is required.';
/** Starts with a capital (or a digit) and ends as a sentence ends. */
const CONTRACT_SENTENCE = /^[A-Z0-9].*[.?!]$/s;

export function validationMessage(instancePath: string, rawMessage = 'Invalid input'): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (segments.length === 0) return 'Request body must be a JSON object.';
  const message = rawMessage.endsWith('received undefined') ? REQUIRED : rawMessage;
  const fieldWords = String(segments.at(-1))
    .replace(/[_\d]+/g, ' ')
    .trim()
    .toLowerCase();
  if (message !== REQUIRED && CONTRACT_SENTENCE.test(message)) return message;
  return message.toLowerCase().startsWith(fieldWords) ? message : `${segments.join('.')}: ${message}`;
}
