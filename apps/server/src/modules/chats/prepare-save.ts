import { createReadStream } from 'node:fs';
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

/** A save body spooled to a file (save-body.ts). */
export function prepareSave(path: string): Promise<PreparedSave> {
  return prepareSaveFrom(createReadStream(path, { highWaterMark: 1024 * 1024 }));
}

/**
 * Everything CPU-heavy about saving a chat: parsing up to 64 MB of JSON, cleaning the export's text,
 * validating it with the contract and encoding the stored answer. Runs in a worker thread (the pool of
 * parse-pool.ts), so the event loop only stores the result, and reads the body as a stream: each message
 * is checked and compressed as soon as it is read, so memory holds one message, not the chat. Gives the
 * answers the route's schema validation and the unstorable-text guard give elsewhere; a refusal stops
 * reading at the first bad message.
 */
export async function prepareSaveFrom(source: AsyncIterable<Uint8Array>): Promise<PreparedSave> {
  const encoder = new ChatAnswerEncoder();
  const attachmentNames = new Set<string>();
  const authors = new Set<string>();
  // The messages are someone else's text: cleaned. The chat's name is the user's own: refused.
  const reader = createObjectStreamReader('data', (value, index) => {
    if (index >= CHAT_MESSAGES_MAX)
      throw new Refusal(validationMessage('/data', chatMessages.tooManyMessages));
    const parsed = chatMessage.safeParse(storableDeep(value));
    if (!parsed.success) throw refusal(parsed.error, ['data', index]);
    const message = parsed.data;
    const objectName = referencedObjectName(message);
    if (objectName) attachmentNames.add(objectName);
    if (message.author !== 'system') authors.add(message.author);
    encoder.add(message);
  });
  try {
    for await (const chunk of source) {
      reader.write(chunk);
      await encoder.flush();
    }
    const { fields, streamed } = reader.end();
    const totalMsgs = checkData(streamed);
    if ('unique_authors' in fields) fields.unique_authors = storableDeep(fields.unique_authors);
    const unstorable = unstorablePath(fields);
    if (unstorable !== null) throw new Refusal(unstorableText(unstorable));
    const rest = otherFields.safeParse(fields);
    if (!rest.success) throw refusal(rest.error, []);
    const name = checkChatName(rest.data.chat_name);
    if ('message' in name) throw new Refusal(name.message);
    const uniqueAuthors = [...authors];
    return {
      ok: true,
      name: name.name,
      totalMsgs,
      uniqueAuthors,
      answer: await encoder.finish(uniqueAuthors),
      attachmentNames: [...attachmentNames],
    };
  } catch (error) {
    encoder.abandon();
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
