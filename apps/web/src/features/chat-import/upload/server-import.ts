import { uploadWithProgress } from '@/shared/api/upload-with-progress';
import { fromServerChat } from '@/shared/loaded-chat/server-chat';
import type { ChatImporter } from './import-chat';

/** The multipart field the server reads the export from. */
export const UPLOAD_FIELD = 'file_uploaded';

/**
 * Signed-in users' files go to the server (POST /v1/uploadfile/), which parses them and keeps the
 * attachments in object storage; the answer becomes the loaded chat.
 */
export const importOnServer: ChatImporter = async ({ file }, { chat, onProgress }) => {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file, file.name);
  onProgress?.('uploading', 0);
  // Only signed-in uploads read the answer with the contract; the landing page loads it (and zod) then.
  const { chatData } = await import('@wadesk/contract');
  const answer = await uploadWithProgress('/v1/uploadfile/', body, {
    schema: chatData,
    onProgress: ({ fraction }) => onProgress?.(fraction < 1 ? 'uploading' : 'processing', fraction),
  });
  onProgress?.('done');
  await chat.loadChat(fromServerChat(answer, null));
};
