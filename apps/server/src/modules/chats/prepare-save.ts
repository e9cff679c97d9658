import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { CHAT_MESSAGES_MAX, chatMessage, chatMessages, saveChatRequest } from '@wadesk/contract';
import type { z } from 'zod';
import { validationMessage } from '../../http/error-handler';
import { unstorableText } from '../../http/unstorable-text';
import { storableDeep, unstorablePath } from '../../text';
import { checkChatName } from './chat-name';
import {
  createObjectStreamReader,
  MalformedJsonError,
  NotAnObjectError,
  RepeatedFieldError,
  type StreamedField,
} from './json-object-stream';
import { ChatAnswerEncoder } from './message-codec';
import { referencedObjectName } from './object-names';

/** A save request checked and encoded, ready for the database; or the refusal the user sees. */
export type PreparedSave =
  | {
      ok: true;
      name: string;
      totalMsgs: number;
      uniqueAuthors: string[];
      /** The whole getSavedChat answer, encoded by message-codec.ts. */
      answer: Uint8Array;
      attachmentNames: string[];
    }
  | { ok: false; status: number; message: string };

class Refusal extends Error {}

const otherFields = saveChatRequest.omit({ data: true });
const dataField = saveChatRequest.shape.data;

/** The first issue of a failed check, in the words validation errors have everywhere (error-handler.ts). */
function refusal(error: z.ZodError, at: readonly (string | number)[]): Refusal {
  const [issue] = error.issues;
  return new Refusal(validationMessage(`/${[...at, ...(issue?.path ?? [])].join('/')}`, issue?.message));
}

/**
 * Bodies up to this size are read whole with JSON.parse, three times faster than the token stream; a
 * 16 MB body parses to ~100 MB in the worker, well within PARSE_WORKER_HEAP_MB. Larger ones are streamed
 * so memory holds one message, not the chat.
 */
export const WHOLE_READ_MAX_BYTES = 16 * 1024 * 1024;

/**
 * What JSON.parse would read differently from the stream: a `__proto__` key (any escaping of it) or more
 * than one `data` key. Such bodies take the streaming path, which refuses both (json-object-stream.ts).
 * A match inside a message's text only costs the faster path.
 */
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const DATA_KEY = /"(?:d|\\u0064)(?:a|\\u0061)(?:t|\\u0074)(?:a|\\u0061)"\s*:/g;

function readsLikeTheStream(text: string): boolean {
  if (PROTO_KEY.test(text)) return false;
  DATA_KEY.lastIndex = 0;
  let keys = 0;
  while (DATA_KEY.exec(text)) if (++keys > 1) return false;
  return true;
}

/** A save body spooled to a file (save-body.ts): read whole when small, streamed otherwise. */
export async function prepareSave(path: string, wholeMaxBytes = WHOLE_READ_MAX_BYTES): Promise<PreparedSave> {
  if ((await stat(path)).size <= wholeMaxBytes) {
    const text = await readFile(path, 'utf8');
    if (readsLikeTheStream(text)) return prepareSaveWhole(text);
  }
  return prepareSaveFrom(createReadStream(path, { highWaterMark: 1024 * 1024 }));
}

/**
 * The messages of one save: each checked with the contract and added to the stored answer as it comes.
 * The messages are someone else's text: cleaned. The chat's name is the user's own: refused.
 */
class SaveCollector {
  readonly encoder = new ChatAnswerEncoder();
  private readonly attachmentNames = new Set<string>();
  private readonly authors = new Set<string>();

  add = (value: unknown, index: number): void => {
    if (index >= CHAT_MESSAGES_MAX)
      throw new Refusal(validationMessage('/data', chatMessages.tooManyMessages));
    const parsed = chatMessage.safeParse(storableDeep(value));
    if (!parsed.success) throw refusal(parsed.error, ['data', index]);
    const message = parsed.data;
    const objectName = referencedObjectName(message);
    if (objectName) this.attachmentNames.add(objectName);
    if (message.author !== 'system') this.authors.add(message.author);
    this.encoder.add(message);
  };

  /** Checks the fields beside `data` and ends the stored answer. */
  async finish(fields: Record<string, unknown>, streamed: StreamedField): Promise<PreparedSave> {
    const totalMsgs = checkData(streamed);
    if ('unique_authors' in fields) fields.unique_authors = storableDeep(fields.unique_authors);
    const unstorable = unstorablePath(fields);
    if (unstorable !== null) throw new Refusal(unstorableText(unstorable));
    const rest = otherFields.safeParse(fields);
    if (!rest.success) throw refusal(rest.error, []);
    const name = checkChatName(rest.data.chat_name);
    if ('message' in name) throw new Refusal(name.message);
    const uniqueAuthors = [...this.authors];
    return {
      ok: true,
      name: name.name,
      totalMsgs,
      uniqueAuthors,
      answer: await this.encoder.finish(uniqueAuthors),
      attachmentNames: [...this.attachmentNames],
    };
  }
}

/**
 * Everything CPU-heavy about saving a chat: parsing up to 64 MB of JSON, cleaning the export's text,
 * validating it with the contract and encoding the stored answer. Runs in a worker thread (the pool of
 * parse-pool.ts), so the event loop only stores the result. Gives the answers the route's schema
 * validation and the unstorable-text guard give elsewhere; a refusal stops at the first bad message.
 */
async function prepareSaveWhole(text: string): Promise<PreparedSave> {
  const collector = new SaveCollector();
  return settle(collector, async () => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new MalformedJsonError();
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new NotAnObjectError();
    const { data, ...fields } = body as Record<string, unknown>;
    let streamed: StreamedField = { kind: 'absent' };
    if (Array.isArray(data)) {
      for (const [index, value] of data.entries()) {
        collector.add(value, index);
        if (index % 1000 === 999) await collector.encoder.flush();
      }
      streamed = { kind: 'array', count: data.length };
    } else if (Object.hasOwn(body, 'data')) streamed = { kind: 'other', value: data };
    return collector.finish(fields, streamed);
  });
}

/** The same, reading the body as a stream: memory holds one message, not the chat. */
export async function prepareSaveFrom(source: AsyncIterable<Uint8Array>): Promise<PreparedSave> {
  const collector = new SaveCollector();
  return settle(collector, async () => {
    const reader = createObjectStreamReader('data', collector.add);
    for await (const chunk of source) {
      reader.write(chunk);
      await collector.encoder.flush();
    }
    const { fields, streamed } = reader.end();
    return collector.finish(fields, streamed);
  });
}

/** A refusal of either path in the words the user sees. */
async function settle(collector: SaveCollector, prepare: () => Promise<PreparedSave>): Promise<PreparedSave> {
  try {
    return await prepare();
  } catch (error) {
    collector.encoder.abandon();
    if (error instanceof Refusal) return { ok: false, status: 400, message: error.message };
    if (error instanceof MalformedJsonError) return { ok: false, status: 400, message: error.message };
    if (error instanceof NotAnObjectError) return { ok: false, status: 400, message: validationMessage('') };
    if (error instanceof RepeatedFieldError)
      return {
        ok: false,
        status: 400,
        message: validationMessage('/data', 'The field appears more than once.'),
      };
    throw error;
  }
}

/** The number of messages; `data` must have been an array of 1–50,000 (each checked as it came). */
function checkData(streamed: StreamedField): number {
  if (streamed.kind === 'array' && streamed.count > 0) return streamed.count;
  // The same check on a stand-in of what was sent, for the contract's words ("There are no messages…").
  const standIn = streamed.kind === 'absent' ? undefined : streamed.kind === 'other' ? streamed.value : [];
  const checked = dataField.safeParse(standIn);
  throw checked.success ? new Refusal(validationMessage('/data')) : refusal(checked.error, ['data']);
}
