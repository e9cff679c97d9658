import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { CHAT_MEDIA, CHAT_TEXT, exportZip } from '../../../test/helpers/chat-files';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { attachments } from '../../db/schema';
import { storageFull } from './import.service';

const mediaBytes = Object.values(CHAT_MEDIA).reduce((total, bytes) => total + bytes.length, 0);

describeWithDatabase('per-organisation storage quota', (ctx) => {
  it('refuses the upload whose media would pass the quota, says so, and stores nothing of it', async () => {
    const quota = mediaBytes + 100;
    const app = await ctx.buildApp({
      storageQuotaBytes: quota,
      dataDir: mkdtempSync(join(tmpdir(), 'wadesk-quota-')),
    });
    const ann = await signUp(app);
    const api = chatApi(app, ann);
    expect((await api.upload('chat.zip', exportZip())).statusCode).toBe(200);
    expect(await ctx.count(attachments)).toBe(3);

    const full = await api.upload('chat.zip', exportZip());
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ message: storageFull(mediaBytes, quota) });
    expect(await ctx.count(attachments)).toBe(3);

    // With the quota reached, the chat text alone (no media) still imports.
    const text = await api.upload('chat.txt', new TextEncoder().encode(CHAT_TEXT));
    expect(text.statusCode).toBe(200);

    // Another organisation has a quota of its own.
    const bob = chatApi(app, await signUp(app, { email: 'bob@example.com' }));
    expect((await bob.upload('chat.zip', exportZip())).statusCode).toBe(200);
  });
});
