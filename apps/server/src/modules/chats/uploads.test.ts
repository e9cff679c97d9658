import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { CHAT_MEDIA, exportZip, PDF, TINY_PNG, uploadOf, VOICE_NOTE } from '../../../test/helpers/chat-files';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { STORAGE_DRIVERS, useStorageDriver } from '../../../test/helpers/storage-drivers';
import { attachments } from '../../db/schema';

const OBJECT_NAME = /^u\d+\/[A-Za-z0-9_-]{22}\/[A-Za-z0-9._-]+$/;

describeWithDatabase('POST /v1/uploadfile/', (ctx) => {
  for (const driverName of STORAGE_DRIVERS) {
    describe(`${driverName} storage`, () => {
      const driver = useStorageDriver(ctx, driverName);

      async function upload(fileName: string, bytes: Uint8Array) {
        const user = await signUp(driver.app);
        const form = uploadOf(fileName, bytes);
        const res = await driver.app.inject({
          method: 'POST',
          url: '/v1/uploadfile/',
          headers: { ...user.headers, ...form.headers },
          payload: form.payload,
        });
        return { user, res };
      }

      it('answers the chat with object names in attachment messages and stores the referenced media', async () => {
        const { res } = await upload(
          'WhatsApp Chat with Bob.zip',
          exportZip({ 'unreferenced.jpg': TINY_PNG }),
        );
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.total_msgs).toBe(7);
        expect(body.unique_authors).toEqual(['Alice', 'Bob']);
        const [photo, voice, pdf, missing] = [body.data[2], body.data[3], body.data[4], body.data[5]];
        const [photoName, caption] = [
          photo.content.split(' ')[0],
          photo.content.slice(photo.content.indexOf(' ') + 1),
        ];
        expect(photoName).toMatch(OBJECT_NAME);
        expect(photoName.endsWith('/IMG-20240112-WA0001.jpg')).toBe(true);
        expect(caption).toBe('Look at this');
        expect(photo).toMatchObject({
          author: 'Bob',
          has_attachment: true,
          media_type: 'jpg',
          captions: 'Look at this',
        });
        expect(photo.date).toBe('2024-01-12T09:17:00');
        expect(photo.datetime).toBe('12/01/2024, 09:17');
        expect(voice).toMatchObject({ has_attachment: true, media_type: 'opus' });
        expect(voice.content).toMatch(OBJECT_NAME);
        expect(pdf).toMatchObject({ has_attachment: true, media_type: 'pdf' });
        // Referenced but not in the zip: nothing to show, the export's text stays.
        expect(missing).toMatchObject({
          has_attachment: false,
          media_type: null,
          content: 'IMG-20240112-WA0004.jpg (file attached)',
          attachment: { file_name: 'IMG-20240112-WA0004.jpg', kind: 'image' },
        });
        expect(body.data[1]).toMatchObject({
          author: 'Alice',
          content: 'Good morning!',
          has_attachment: false,
        });

        const stored = await driver.listObjects();
        expect(stored).toEqual([photoName, voice.content, pdf.content].sort());
        expect(await ctx.count(attachments)).toBe(3);
      });

      it('stores the media bytes unchanged and serves them through a signed link', async () => {
        const { user, res } = await upload('chat.zip', exportZip());
        const data = res.json().data;
        for (const [index, bytes, type] of [
          [2, TINY_PNG, 'image/jpeg'],
          [3, VOICE_NOTE, 'audio/ogg'],
          [4, PDF, 'application/pdf'],
        ] as const) {
          const objectName = data[index].content.split(' ')[0];
          const link = await driver.app.inject({
            method: 'POST',
            url: '/v1/getS3PresignedUrl/',
            headers: user.headers,
            payload: { object_name: objectName },
          });
          expect(link.statusCode).toBe(200);
          const file = await driver.fetchLink(link.json().url);
          expect(file.status).toBe(200);
          expect(Buffer.compare(file.body, Buffer.from(bytes))).toBe(0);
          expect(file.headers['content-type']).toBe(type);
        }
        expect(Object.keys(CHAT_MEDIA)).toHaveLength(3);
      });

      it('accepts a .txt export: every attachment reference stays text', async () => {
        const text = new TextEncoder().encode(
          '12/01/2024, 09:17 - Bob: IMG-20240112-WA0001.jpg (file attached)\n12/01/2024, 09:18 - Bob: hi\n',
        );
        const { res } = await upload('WhatsApp Chat with Bob.txt', text);
        expect(res.statusCode).toBe(200);
        expect(res.json().data[0]).toMatchObject({ has_attachment: false, media_type: null });
        expect(await driver.listObjects()).toEqual([]);
      });
    });
  }
});
