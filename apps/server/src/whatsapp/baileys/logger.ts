import pino, { type Logger } from 'pino';
import { serializeError } from '../../http/logger';

// Baileys logs whole protocol nodes, creds and QR data at its chattier levels; none of it may reach a log.
const SECRET_FIELDS = [
  'creds',
  'keys',
  'qr',
  'noiseKey',
  'signedIdentityKey',
  'signedPreKey',
  'advSecretKey',
  'privKey',
  'mediaKey',
  'xml',
  'node',
  'frame',
  'stanza',
  'fullErrorNode',
  'reasonNode',
  'message',
];

/** The pino logger handed to every Baileys socket: silent unless WHATSAPP_LOG_LEVEL asks, and redacting. */
export function createBaileysLogger(level: string): Logger {
  return pino({
    level,
    base: { component: 'baileys' },
    // A failed auth write's error carries its query parameters (keys, creds): logged without them.
    serializers: { err: serializeError },
    redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]), censor: '[redacted]' },
  });
}
