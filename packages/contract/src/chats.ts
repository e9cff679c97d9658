import { MESSAGE_TEXT_MAX, OMITTED_MEDIA } from '@wadesk/chat-export';
import { z } from 'zod';
import { trimInvisible } from './common';

// Texts the server sends for chat calls; the save dialog shows `invalidName` itself.
export const chatMessages = {
  invalidName: 'Please enter a valid name for your chat!',
  nameTooLong: 'The chat name must be at most 200 characters long.',
  noMessages: 'There are no messages to save.',
  tooManyMessages: 'A chat can hold at most 50,000 messages.',
  chatNotFound: 'That chat was not found in your account. It may have been deleted.',
  foreignAttachments: 'This chat refers to files that do not exist or are not yours.',
} as const;

export const CHAT_NAME_MAX = 200;
export const CHAT_MESSAGES_MAX = 50_000;
// One limit for a message's text, which parseChat cuts to (with a marker the content allows for).
const TEXT_MAX = MESSAGE_TEXT_MAX;

export const attachmentKind = z.enum(['image', 'video', 'audio', 'document', 'sticker', 'other']);
export const omittedMedia = z.enum(OMITTED_MEDIA);

/**
 * One message of a chat. When `has_attachment` is true and the chat came from the
 * server, `content` is the attachment's object name, optionally followed by a space and the caption: the
 * first word is the object name. The fields after `captions` come from the parser and are optional.
 */
export const chatMessage = z.object({
  author: z.string().max(256),
  /** Display text `DD/MM/YYYY, HH:mm`. */
  datetime: z.string().max(64),
  content: z.string().max(TEXT_MAX + 1024),
  has_attachment: z.boolean(),
  media_type: z.string().max(16).nullable(),
  /** Wall-clock time of the export, `YYYY-MM-DDTHH:mm:ss`. */
  date: z.string().max(64),
  has_captions: z.boolean().default(false),
  captions: z.string().max(TEXT_MAX).default(''),
  /** The file the export referenced (its original name), also when it was not in the upload. */
  attachment: z
    .object({ file_name: z.string().max(1024), kind: attachmentKind })
    .nullable()
    .optional(),
  omitted_media: omittedMedia.nullable().optional(),
  edited: z.boolean().optional(),
  deleted: z.boolean().optional(),
});
/** A chat message as a client sends it (POST /v1/saveChatData/); StoredChatMessage is the parsed form. */
export type ChatMessagePayload = z.input<typeof chatMessage>;
export type StoredChatMessage = z.output<typeof chatMessage>;

/** POST /v1/uploadfile/ answers this; POST /v1/getSavedChat/ too. */
export const chatData = z.object({
  total_msgs: z.number().int().nonnegative(),
  data: z.array(chatMessage),
  /** Distinct authors in order of first appearance, `system` excluded. */
  unique_authors: z.array(z.string()),
});
export type ChatData = z.infer<typeof chatData>;

export const chatId = z
  .number({ error: 'Chat ID must be a number.' })
  .int()
  .positive()
  .max(2 ** 31 - 1);

/**
 * The rule for a chat name: trimmed, 1–200 characters. The server applies it in its service so that the
 * client gets the catalogue's words alone (request validation errors are prefixed with the field name).
 */
export const chatName = z
  .string({ error: chatMessages.invalidName })
  .overwrite(trimInvisible)
  .min(1, { error: chatMessages.invalidName })
  .max(CHAT_NAME_MAX, { error: chatMessages.nameTooLong });

/**
 * POST /v1/saveChatData/. `total_msgs` and `unique_authors` are accepted for the documented payload
 * but recomputed from `data` by the server, which therefore never stores inconsistent totals.
 */
export const saveChatRequest = z.object({
  data: z
    .array(chatMessage)
    .min(1, { error: chatMessages.noMessages })
    .max(CHAT_MESSAGES_MAX, { error: chatMessages.tooManyMessages }),
  total_msgs: z.number().int().nonnegative().optional(),
  chat_name: z.string({ error: chatMessages.invalidName }).max(10_000),
  unique_authors: z.array(z.string().max(256)).max(CHAT_MESSAGES_MAX).optional(),
});
export type SaveChatRequest = z.input<typeof saveChatRequest>;

export const savedChatRef = z.object({ chat_id: z.number(), chat_name: z.string() });
export type SavedChatRef = z.infer<typeof savedChatRef>;

/** 201 from POST /v1/saveChatData/, 200 from POST /v1/renameSavedChat/. */
export const saveChatResponse = savedChatRef;

/** POST /v1/getSavedChatList/: newest first. */
export const savedChatList = z.object({ chat_count: z.number(), chat_list: z.array(savedChatRef) });
export type SavedChatList = z.infer<typeof savedChatList>;

export const getSavedChatRequest = z.object({ chat_id: chatId });
export const renameSavedChatRequest = z.object({
  chat_id: chatId,
  chat_name: z.string({ error: chatMessages.invalidName }).max(10_000),
});
export const deleteSavedChatRequest = z.object({ chat_id: chatId });
