import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message as the server received it. */
  raw: string;
  /** The decoded text body (quoted-printable soft breaks joined, `=XX` decoded). */
  text: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Mails whose DATA the server has answered (the sender's transaction is complete). */
  readonly answered: number;
  /** The next mail to arrive (or one already waiting), within `timeoutMs`. */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets the mails received so far. */
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server package), without auth or TLS, that keeps every mail.
 * `answerDelayMs` holds back its answer to each mail's DATA, like a slow mail server.
 */
export async function startTestSmtp({ answerDelayMs = 0 } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let taken = 0;
  let answered = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: bodyText(raw) });
        for (const wake of waiters.splice(0)) wake();
        setTimeout(() => {
          answered++;
          callback();
        }, answerDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get answered() {
      return answered;
    },
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= mails.length) {
        if (Date.now() > deadline) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails[taken++] as ReceivedMail;
    },
    clear() {
      mails.splice(0);
      taken = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bodyText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') + 4 : raw.indexOf('\n\n') + 2;
  const body = raw.slice(split);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw.slice(0, split))) return body;
  return Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The first link in a mail that carries a `token`. */
export function linkIn(mail: ReceivedMail): URL {
  const match = mail.text.match(/https?:\/\/\S+token=[\w-]+/);
  if (!match) throw new Error(`no link in mail:\n${mail.text}`);
  return new URL(match[0]);
}

/** A header of the mail as received (folded lines joined), or null when it has none. */
export function headerOf(mail: ReceivedMail, name: string): string | null {
  const end = mail.raw.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? mail.raw.slice(0, end) : mail.raw).replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}
