import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { CHAT_MEDIA, CHAT_TEXT, exportZip } from '../../../test/helpers/chat-files';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { attachments, users } from '../../db/schema';
import { storageFull, unverifiedStorageFull } from './storage-quota';

const mediaBytes = Object.values(CHAT_MEDIA).reduce((total, bytes) => total + bytes.length, 0);

// On PostgreSQL too: the race below needs real concurrent transactions (docs/testing.md).
describeEachDatabase('per-organisation storage quota', (ctx) => {
  const ownDataDir = () => mkdtempSync(join(tmpdir(), 'wadesk-quota-'));

  it('refuses the upload whose media would pass the quota, says so, and stores nothing of it', async () => {
    const quota = mediaBytes + 100;
    const app = await ctx.buildApp({ storageQuotaBytes: quota, dataDir: ownDataDir() });
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

  it('lets only one of several parallel uploads take the room that is left', async () => {
    // Room for one upload's media, not two.
    const quota = Math.floor(mediaBytes * 1.5);
    const dataDir = ownDataDir();
    const app = await ctx.buildApp({ storageQuotaBytes: quota, unverifiedStorageQuotaBytes: quota, dataDir });
    const api = chatApi(app, await signUp(app));
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.upload('chat.zip', exportZip())));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 413, 413, 413, 413, 413]);
    for (const res of answers.filter((r) => r.statusCode === 413)) {
      expect(res.json().message).toMatch(/^Your organisation's storage is full: /);
    }
    expect(await ctx.count(attachments)).toBe(3);
    // The refused uploads' files are gone again: only the recorded upload's remain.
    const files = await readdir(join(dataDir, 'objects'), { recursive: true, withFileTypes: true });
    expect(files.filter((entry) => entry.isFile())).toHaveLength(3);
  });

  it('gives an organisation without a verified owner the small quota, until the owner verifies', async () => {
    const small = mediaBytes + 100;
    const app = await ctx.buildApp({ unverifiedStorageQuotaBytes: small, dataDir: ownDataDir() });
    const api = chatApi(app, await signUp(app));
    expect((await api.upload('chat.zip', exportZip())).statusCode).toBe(200);

    const refused = await api.upload('chat.zip', exportZip());
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      message: unverifiedStorageFull(mediaBytes, small, 5 * 1024 ** 3),
    });
    expect(refused.json().message).toContain('until its owner confirms their email address');
    expect(refused.json().message).toContain('raises the limit to 5 GB');
    expect(await ctx.count(attachments)).toBe(3);

    // The owner opens the link in the sign-up mail: the organisation's full quota applies.
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, 'ann@example.com'));
    expect((await api.upload('chat.zip', exportZip())).statusCode).toBe(200);
    expect(await ctx.count(attachments)).toBe(6);
  });
});
