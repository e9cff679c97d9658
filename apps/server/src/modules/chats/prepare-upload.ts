import { ChatExportError, type ChatMessage, listExportMedia, type MediaEntry } from '@wadesk/chat-export';
import { implausibleMedia } from './media-ratio';
import { ChatAnswerEncoder } from './message-codec';
import { newObjectName } from './object-names';
import { exportRefusal, type ParseUploadInput, parseUpload, type UploadRefusal } from './parse-upload';
import { uploadKind } from './upload-kind';

export interface PrepareUploadInput extends ParseUploadInput {
  /** Whose upload it is: the object names carry it. */
  userId: number;
}

/** A media file of the zip that a message references, and the object name it will be stored under. */
export interface UploadMedia {
  name: string;
  objectName: string;
  mime: string;
  /** Unpacked size, as the zip declares it (inflating checks it). */
  size: number;
}

export type PreparedUpload =
  | {
      ok: true;
      /** The whole POST /v1/uploadfile/ answer, gzip-compressed JSON (message-codec.ts). */
      answer: Uint8Array;
      /** What to store before the answer may be sent. */
      media: UploadMedia[];
    }
  | UploadRefusal;

// Messages handed to the compressor at a time: the JSON text of the whole answer never exists at once.
const FLUSH_EVERY = 1000;

/**
 * Everything CPU-heavy about an upload: parsing it (parse-upload.ts), choosing the media its messages
 * reference and their object names, refusing media whose packing is implausible (media-ratio.ts), and
 * encoding the answer. Runs in a worker thread (parse-pool.ts): a 50,000-message answer is ~43 MB of
 * JSON, and building, checking and serialising it on the event loop held it for seconds. Only the
 * compressed answer and the list of media cross back. The answer is built from the parser's output,
 * which keeps to the contract's limits by construction, so it is not validated again.
 */
export async function prepareUpload(input: PrepareUploadInput): Promise<PreparedUpload> {
  const parsed = await parseUpload(input);
  if (!parsed.ok) return parsed;
  const { chat } = parsed;
  let media: Map<string, MediaEntry>;
  try {
    media =
      uploadKind(input.fileName, input.bytes) === 'zip'
        ? listExportMedia(input.bytes, { maxTotalBytes: input.maxUnpackedBytes })
        : new Map();
  } catch (error) {
    if (error instanceof ChatExportError) return exportRefusal(error);
    throw error;
  }
  const wanted = new Map<string, MediaEntry>();
  for (const message of chat.messages) {
    const entry = message.attachment && media.get(message.attachment.file_name);
    if (entry) wanted.set(entry.name, entry);
  }
  const implausible = implausibleMedia([...wanted.values()], input.bytes.length);
  if (implausible) return implausible;

  const objectNames = new Map<string, string>();
  for (const name of wanted.keys()) objectNames.set(name, newObjectName(input.userId, name));
  const encoder = new ChatAnswerEncoder();
  try {
    for (let index = 0; index < chat.messages.length; index++) {
      encoder.add(withObjectName(chat.messages[index] as ChatMessage, objectNames));
      if (index % FLUSH_EVERY === FLUSH_EVERY - 1) await encoder.flush();
    }
    const answer = await encoder.finish(chat.unique_authors);
    return {
      ok: true,
      answer,
      media: [...wanted.values()].map((entry) => ({
        name: entry.name,
        objectName: objectNames.get(entry.name) as string,
        mime: entry.mime,
        size: entry.size,
      })),
    };
  } catch (error) {
    encoder.abandon();
    throw error;
  }
}

/**
 * An attachment message's content becomes `<object name>[ <caption>]`. A message whose
 * file was not in the upload (any .txt upload, or a zip exported without that file) keeps the export's
 * reference text and `attachment`, but has_attachment false and no media_type: there is nothing to show.
 */
function withObjectName(message: ChatMessage, objectNames: Map<string, string>): ChatMessage {
  if (!message.attachment) return message;
  const objectName = objectNames.get(message.attachment.file_name);
  if (!objectName) return { ...message, has_attachment: false, media_type: null };
  return { ...message, content: message.captions ? `${objectName} ${message.captions}` : objectName };
}
