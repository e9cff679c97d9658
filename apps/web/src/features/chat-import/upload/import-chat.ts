import { isApiError } from '@/shared/api/api-error';
import { EngineError } from '@/shared/loaded-chat/engine/chat-engine';
import type { ImportPhase } from '@/shared/loaded-chat/engine/engine-protocol';
import type { ChatActions } from '@/shared/loaded-chat/state/chat-provider';
import { importOnServer } from './server-import';
import { UPLOAD_MESSAGES, type UploadKind } from './upload-rules';

export interface ValidUpload {
  file: File;
  kind: UploadKind;
}

/** Where an import is: the engine's phases, plus sending the file and waiting for the server's answer. */
export type UploadPhase = ImportPhase | 'uploading' | 'processing';

export interface ImportOptions {
  /** Whether an access token was stored when the upload card loaded. */
  signedIn: boolean;
  chat: Pick<ChatActions, 'importFile' | 'loadChat'>;
  /** `fraction` (0…1) comes with 'uploading': how much of the file has been sent. */
  onProgress?: (phase: UploadPhase, fraction?: number) => void;
}

export interface ImportOutcome {
  destination: '/messages' | '/messages-nologin';
  message: string;
}

/** One way of turning an upload into the loaded chat. */
export type ChatImporter = (upload: ValidUpload, options: ImportOptions) => Promise<void>;

/** Parsed in this browser's worker; nothing of the file leaves the browser. */
export const importLocally: ChatImporter = async ({ file, kind }, { chat, onProgress }) => {
  await chat.importFile(file, kind, onProgress);
};

/** Visitors' files never leave the browser; signed-in users' files go to the server. */
export function chooseImporter(signedIn: boolean): ChatImporter {
  return signedIn ? importOnServer : importLocally;
}

/** Loads the upload as the current chat and says where to go and what to tell the user. */
export async function importChat(upload: ValidUpload, options: ImportOptions): Promise<ImportOutcome> {
  await chooseImporter(options.signedIn)(upload, options);
  return {
    destination: options.signedIn ? '/messages' : '/messages-nologin',
    // The catalogue's zip words for zips only, signed in or not; a text export was not extracted.
    message: upload.kind === 'zip' ? UPLOAD_MESSAGES.zipDone : UPLOAD_MESSAGES.textDone,
  };
}

/**
 * What the server says about a zip it could not read in other words than the browser's reader: the
 * same damaged file gets the same message signed in or not.
 */
const DAMAGED_ZIP_REASONS = new Set<string>([
  'Error extracting zip file', // the browser's reader, when the zip's own message is not shown
  'This file is named .zip but is not a zip archive.', // the server's first look at the bytes
  UPLOAD_MESSAGES.zipDamaged,
]);

/**
 * The server's refusals of the zip itself (the chat-export reader's messages: damaged, no chat text,
 * too many files, unpacks too large, an encrypted entry), as opposed to the upload's size, the
 * storage quota or the chat inside the file.
 */
const ZIP_REFUSAL = /\bzip\b|encrypted or compressed/i;

/**
 * The catalogue's words for a failed import, followed by the reason when one is known. `kind` is what
 * was uploaded: a zip the server could not open reads as one the browser could not open.
 */
export function importErrorMessage(error: unknown, kind?: UploadKind): string {
  if (error instanceof EngineError) {
    if (error.code === 'zip') return zipFailure(error.message);
    if (error.code === 'no-messages') return UPLOAD_MESSAGES.noMessages;
  }
  // The server's own words for what was wrong with the file (size, type, no chat text).
  if (
    isApiError(error) &&
    error.fromServer &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401
  ) {
    if (error.message === UPLOAD_MESSAGES.noMessages) return error.message;
    if (kind === 'zip' && ZIP_REFUSAL.test(error.message)) return zipFailure(error.message);
    return withReason(UPLOAD_MESSAGES.failed, error.message);
  }
  return UPLOAD_MESSAGES.failed;
}

function zipFailure(reason: string): string {
  const why = reason.trim();
  return withReason(
    UPLOAD_MESSAGES.zipFailed,
    why === '' || DAMAGED_ZIP_REASONS.has(why) ? UPLOAD_MESSAGES.zipDamaged : why,
  );
}

function withReason(words: string, reason: string): string {
  const why = reason.trim();
  return why && why !== words ? `${words}: ${why}` : words;
}
