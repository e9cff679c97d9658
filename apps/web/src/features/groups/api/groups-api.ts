import {
  COMPOSER_FILE_FIELD,
  type DownloadMediaRequest,
  type DownloadMediaResponse,
  type GroupMessagesRequest,
  type GroupMessagesResponse,
  type GroupsResponse,
  groupMessagesResponse,
  groupsResponse,
  type MarkGroupReadRequest,
  type MarkGroupReadResponse,
  markGroupReadResponse,
  type SearchGroupMessagesRequest,
  type SearchGroupMessagesResponse,
  type SendGroupMessageResponse,
  type SetGroupModeRequest,
  type SetGroupModeResponse,
  type SetGroupSatisfactionPollRequest,
  type SetGroupSatisfactionPollResponse,
  type SyncOldMessagesRequest,
  type SyncOldMessagesResponse,
  searchGroupMessagesResponse,
  sendGroupMessageResponse,
  setGroupModeResponse,
  setGroupSatisfactionPollResponse,
  syncOldMessagesResponse,
} from '@wadesk/contract';
import { z } from 'zod';
import { api } from '@/shared/api/api-client';
import { type UploadProgress, uploadWithProgress } from '@/shared/api/upload-with-progress';

export function fetchGroups(signal?: AbortSignal): Promise<GroupsResponse> {
  return api.post('/api/getGroups/', {}, groupsResponse, { signal });
}

export function fetchGroupMessages(
  body: GroupMessagesRequest,
  signal?: AbortSignal,
): Promise<GroupMessagesResponse> {
  return api.post('/api/getGroupsMsg/', body, groupMessagesResponse, { signal });
}

/** The group's stored messages holding a text, newest first (at most 200). */
export function searchGroupMessages(body: SearchGroupMessagesRequest): Promise<SearchGroupMessagesResponse> {
  return api.post('/api/searchGroupMsgs/', body, searchGroupMessagesResponse);
}

/** The group was opened and its newest messages seen: they no longer count as unread. */
export function markGroupRead(body: MarkGroupReadRequest): Promise<MarkGroupReadResponse> {
  return api.post('/api/markGroupRead/', body, markGroupReadResponse);
}

/** Admins: how the group's next messages become tickets. */
export function setGroupMode(body: SetGroupModeRequest): Promise<SetGroupModeResponse> {
  return api.post('/api/setGroupMode/', body, setGroupModeResponse);
}

/** Admins: whether closing the group's tickets asks "How did we do?" (as the organisation, on or off). */
export function setGroupSatisfactionPoll(
  body: SetGroupSatisfactionPollRequest,
): Promise<SetGroupSatisfactionPollResponse> {
  return api.post('/api/setGroupSatisfactionPoll/', body, setGroupSatisfactionPollResponse);
}

export function syncOldMessages(body: SyncOldMessagesRequest): Promise<SyncOldMessagesResponse> {
  return api.post('/api/syncOldMsgs/', body, syncOldMessagesResponse);
}

// Loose on purpose: the catalogue's "Error in file Download" covers an answer without success or media.
const looseDownload = z.object({
  success: z.boolean().optional(),
  messageMedia: z
    .object({ mimetype: z.string(), data: z.string(), filename: z.string().nullable().optional() })
    .nullable()
    .optional(),
});

/** The whole media file of one message, or null when the answer lacks success or media. */
export async function downloadMedia(
  body: DownloadMediaRequest,
): Promise<DownloadMediaResponse['messageMedia'] | null> {
  const answer = await api.post('/api/downloadMedia/', body, looseDownload);
  if (!answer.success || !answer.messageMedia?.data) return null;
  return { ...answer.messageMedia, filename: answer.messageMedia.filename ?? null };
}

export interface GroupMessageInput {
  sessionId: string;
  groupId: string;
  /** The message, or the attachment's caption. */
  text: string;
  file: File | null;
}

/**
 * Writes into the group as its session's linked account (POST /api/sendGroupMessage/, decision 0024):
 * always multipart, since an attachment may be far larger than a JSON body may be.
 */
export function sendGroupMessage(
  input: GroupMessageInput,
  onProgress?: (progress: UploadProgress) => void,
): Promise<SendGroupMessageResponse> {
  const form = new FormData();
  // The fields first: the server knows the group before the file's bytes arrive.
  form.append('session_id', input.sessionId);
  form.append('group_id', input.groupId);
  form.append('text', input.text);
  if (input.file) form.append(COMPOSER_FILE_FIELD, input.file, input.file.name);
  return uploadWithProgress('/api/sendGroupMessage/', form, {
    schema: sendGroupMessageResponse,
    ...(onProgress ? { onProgress } : {}),
  });
}
