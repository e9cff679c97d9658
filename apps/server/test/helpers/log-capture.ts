import { Writable } from 'node:stream';

/** A pino destination that keeps every log line, for tests that read what the server logged. */
export function captureLogs(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}
