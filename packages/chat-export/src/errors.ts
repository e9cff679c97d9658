export type ChatExportErrorCode =
  | 'corrupt-zip'
  | 'no-chat'
  | 'too-many-entries'
  | 'too-large'
  /** The chat text alone declares more than ReadExportLimits.maxChatTextBytes. */
  | 'chat-too-large'
  | 'unsupported';

/** An error whose message can be shown to the user as it is. */
export class ChatExportError extends Error {
  readonly code: ChatExportErrorCode;

  constructor(code: ChatExportErrorCode, message: string) {
    super(message);
    this.name = 'ChatExportError';
    this.code = code;
  }
}
