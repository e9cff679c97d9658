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

/** Pino options for Fastify: `override` false silences logging; an object is merged over the defaults. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  override?: boolean | object,
): FastifyServerOptions['logger'] {
  if (override === false) return false;
  const defaults = { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return typeof override === 'object' ? { ...defaults, ...override } : defaults;
}
