import type { FastifyServerOptions } from 'fastify';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { Config } from '../config';

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'password1',
  'refresh_token',
  'access_token',
  'credential',
  'jwtSecret',
];

// Secrets must never reach the logs, whichever object they travel in (up to `req.headers.authorization` deep).
const REDACTED_PATHS = [
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

// Query parameters that carry a credential: the sign-in screen's `token`, the event stream's
// `access_token` and `ticket`, and the signature of a media link (a working link until it expires).
// Names are compared decoded, as the query parser reads them: `%74oken=` is `token=`.
const SECRET_QUERY_NAMES = new Set(['token', 'access_token', 'ticket', 'sig']);

function queryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The request URL as logged: a secret in the query string becomes `[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const parts = url
    .slice(start + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0 || !SECRET_QUERY_NAMES.has(queryName(part.slice(0, eq)))) return part;
      return `${part.slice(0, eq)}=[redacted]`;
    });
  return `${url.slice(0, start + 1)}${parts.join('&')}${url.slice(end)}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

// Drizzle's failed-query message is "Failed query: <sql>\nparams: <values>", and the values are what was
// being stored: message texts, names, phone numbers. Everything from "params:" on goes.
const PARAMS = /\nparams: [\s\S]*$/;
const withoutParams = (text: string) => text.replace(PARAMS, '');

/** What pino's own error serializer answers, which Fastify's logger types expect. */
type LoggedErrorShape = { [key: string]: unknown; type: string; message: string; stack: string };

interface LoggedError {
  type?: unknown;
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  query?: unknown;
  cause?: unknown;
}

/**
 * Errors as logged, server-wide: type, message and stack without any parameter dump, code, the SQL text
 * of a failed query (its placeholders, not its values), and the cause's code and message. Everything else
 * an error carries (a query's `params`, PostgreSQL's `detail` and `where`, which quote the data) is left
 * out: logs hold ids and counts, never what people wrote.
 */
export function serializeError(error: unknown): LoggedErrorShape {
  if (!error || typeof error !== 'object')
    return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  const err = error as LoggedError;
  const named = err.constructor && err.constructor !== Object ? err.constructor.name : (err.type ?? err.name);
  const message = typeof err.message === 'string' ? withoutParams(err.message) : '';
  const cause = err.cause && typeof err.cause === 'object' ? (err.cause as LoggedError) : null;
  return {
    type: typeof named === 'string' ? named : 'Error',
    message,
    stack: typeof err.stack === 'string' ? stackWithoutParams(err.stack, err.message, message) : '',
    ...(isCode(err.code) ? { code: err.code } : {}),
    ...(typeof err.query === 'string' ? { query: err.query } : {}),
    ...(cause
      ? {
          cause: {
            ...(isCode(cause.code) ? { code: cause.code } : {}),
            ...(typeof cause.message === 'string' ? { message: withoutParams(cause.message) } : {}),
          },
        }
      : {}),
  };
}

const isCode = (code: unknown): code is string | number =>
  typeof code === 'string' || typeof code === 'number';

/** The stack's frames under the cleaned message (a V8 stack starts with "<name>: <message>"). */
function stackWithoutParams(stack: string, original: unknown, cleaned: string): string {
  const at = typeof original === 'string' ? stack.indexOf(original) : -1;
  if (at >= 0) return stack.slice(0, at) + cleaned + stack.slice(at + (original as string).length);
  // No message to find: keep the frames only, whatever text came before them.
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.join('\n');
}

const serializers = {
  err: serializeError,
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** Where log lines go: anything with `write`; `isTTY` is set when it is a terminal. */
type LogDestination = { write(line: string): unknown; isTTY?: boolean };

/**
 * A destination that turns each JSON line into one readable line (time, level, message, then the other
 * fields) before writing it to `destination`. Pino redacts and serializes before any destination sees a
 * line, so what this prints is as clean as the JSON. It formats in the calling thread rather than in a
 * transport's worker, so a log line and the demo's console banner (main.ts) come out in the order written.
 */
export function prettyDestination(destination: LogDestination): LogDestination {
  const prettify = prettyFactory({
    colorize: isColorSupported && destination.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { write: (line: string) => destination.write(prettify(line)) };
}

/**
 * Pino options for Fastify: `override` false silences logging; an object is merged over the defaults,
 * and its `stream` (a test's capture) replaces stdout. LOG_FORMAT `auto` is pretty only when that
 * destination is a terminal, so a pipe, a file or a log collector always gets JSON lines.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  override?: boolean | object,
): FastifyServerOptions['logger'] {
  if (override === false) return false;
  const { stream, ...rest } = (typeof override === 'object' ? override : {}) as { stream?: LogDestination };
  const destination = stream ?? process.stdout;
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && destination.isTTY === true);
  const defaults = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers,
  };
  const output = pretty ? { stream: prettyDestination(destination) } : stream ? { stream } : {};
  return { ...defaults, ...rest, ...output };
}
