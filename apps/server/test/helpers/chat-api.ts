import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './auth';
import { exportZip, uploadOf } from './chat-files';

/** Shorthands for the chat calls of one signed-in user. */
export function chatApi(app: FastifyInstance, user: SignedIn) {
  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
  return {
    post,
    async upload(fileName = 'chat.zip', bytes: Uint8Array = exportZip()) {
      const form = uploadOf(fileName, bytes);
      return app.inject({
        method: 'POST',
        url: '/v1/uploadfile/',
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
    },
    save: (payload: object) => post('/v1/saveChatData/', payload),
    list: () => post('/v1/getSavedChatList/'),
    load: (chatId: unknown) => post('/v1/getSavedChat/', { chat_id: chatId }),
    rename: (chatId: unknown, name: unknown) =>
      post('/v1/renameSavedChat/', { chat_id: chatId, chat_name: name }),
    remove: (chatId: unknown) => post('/v1/deleteSavedChat/', { chat_id: chatId }),
    presign: (objectName: string) => post('/v1/getS3PresignedUrl/', { object_name: objectName }),
    presignMany: (objectNames: string[]) => post('/v1/getPresignedUrls/', { object_names: objectNames }),
  };
}

/** A plain text message in the contract's shape. */
export function textMessage(index: number, author = index % 3 === 0 ? 'system' : `Author ${index % 7}`) {
  const minute = String(index % 60).padStart(2, '0');
  return {
    author,
    datetime: `12/01/2024, 10:${minute}`,
    content: `Message number ${index} with some ordinary words in it, like a real chat line would have.`,
    has_attachment: false,
    media_type: null,
    date: `2024-01-12T10:${minute}:00`,
    has_captions: false,
    captions: '',
  };
}
