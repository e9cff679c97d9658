import { isApiError } from '../../../shared/api/api-error';
import { EngineError } from '../../../shared/loaded-chat/engine/chat-engine';
import type { ImportPhase } from '../../../shared/loaded-chat/engine/engine-protocol';
import type { ChatActions } from '../../../shared/loaded-chat/state/chat-provider';
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
    // A signed-in upload is always "uploaded and extracted", a .txt one too.
    message: options.signedIn || upload.kind === 'zip' ? UPLOAD_MESSAGES.zipDone : UPLOAD_MESSAGES.textDone,
  };
}

/** The catalogue's words for a failed import, followed by the reason when one is known. */
export function importErrorMessage(error: unknown): string {
  if (error instanceof EngineError) {
    if (error.code === 'zip') return withReason(UPLOAD_MESSAGES.zipFailed, error.message);
    if (error.code === 'no-messages') return UPLOAD_MESSAGES.noMessages;
  }
  // The server's own words for what was wrong with the file (size, type, no chat text).
  if (
    isApiError(error) &&
    error.fromServer &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401
  )
    return error.message === UPLOAD_MESSAGES.noMessages
      ? error.message
      : withReason(UPLOAD_MESSAGES.failed, error.message);
  return UPLOAD_MESSAGES.failed;
}

function withReason(words: string, reason: string): string {
  const why = reason.trim();
  return why && why !== words ? `${words}: ${why}` : words;
}
