import {
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
  type SetGroupModeRequest,
  type SetGroupModeResponse,
  type SyncOldMessagesRequest,
  type SyncOldMessagesResponse,
  searchGroupMessagesResponse,
  setGroupModeResponse,
  syncOldMessagesResponse,
} from '@wadesk/contract';
import { z } from 'zod';
import { api } from '@/shared/api/api-client';

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
