import type { FastifyServerOptions } from 'fastify';
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
const SECRET_QUERY = /([?&](?:token|access_token|ticket|sig)=)[^&#]*/gi;

/** The request URL as logged: a secret in the query string becomes `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** Pino options for Fastify: `override` false silences logging; an object is merged over the defaults. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  override?: boolean | object,
): FastifyServerOptions['logger'] {
  if (override === false) return false;
  const defaults = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers,
  };
  return typeof override === 'object' ? { ...defaults, ...override } : defaults;
}
