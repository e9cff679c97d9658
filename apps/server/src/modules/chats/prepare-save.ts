import { type StoredChatMessage, saveChatRequest } from '@wadesk/contract';
import secureJson from 'secure-json-parse';
import { validationMessage } from '../../http/error-handler';
import { unstorableText } from '../../http/unstorable-text';
import { storableDeep, unstorablePath } from '../../text';
import { checkChatName } from './chat-name';
import { encodeChatAnswer } from './message-codec';
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

const refused = (status: number, message: string): PreparedSave => ({ ok: false, status, message });

/**
 * Everything CPU-heavy about saving a chat: parsing up to 64 MB of JSON, cleaning the export's text,
 * validating it with the contract and encoding the stored answer. Runs in a worker thread (the pool of
 * parse-pool.ts), so the event loop only stores the result. Gives the same answers the route's schema
 * validation and the unstorable-text guard give elsewhere.
 */
export function prepareSave(raw: Uint8Array): PreparedSave {
  let body: unknown;
  try {
    // As Fastify's own JSON parser does: `__proto__` and `constructor.prototype` keys are refused.
    body = secureJson.parse(
      Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'),
      undefined,
      {
        protoAction: 'error',
        constructorAction: 'error',
      },
    );
  } catch {
    return refused(400, 'Malformed JSON body');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return refused(400, validationMessage('', undefined));
  // The messages and authors are someone else's text: cleaned. The chat's name is the user's own.
  const fields = body as Record<string, unknown>;
  if ('data' in fields) fields.data = storableDeep(fields.data);
  if ('unique_authors' in fields) fields.unique_authors = storableDeep(fields.unique_authors);
  const unstorable = unstorablePath(fields);
  if (unstorable !== null) return refused(400, unstorableText(unstorable));

  const parsed = saveChatRequest.safeParse(fields);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return refused(400, validationMessage(`/${(issue?.path ?? []).join('/')}`, issue?.message));
  }
  const name = checkChatName(parsed.data.chat_name);
  if ('message' in name) return refused(400, name.message);

  const data: StoredChatMessage[] = parsed.data.data;
  const attachmentNames = new Set<string>();
  const authors = new Set<string>();
  for (const message of data) {
    const objectName = referencedObjectName(message);
    if (objectName) attachmentNames.add(objectName);
    if (message.author !== 'system') authors.add(message.author);
  }
  const uniqueAuthors = [...authors];
  const answer = { data, total_msgs: data.length, unique_authors: uniqueAuthors };
  return {
    ok: true,
    name: name.name,
    totalMsgs: data.length,
    uniqueAuthors,
    answer: encodeChatAnswer(answer),
    attachmentNames: [...attachmentNames],
  };
}
