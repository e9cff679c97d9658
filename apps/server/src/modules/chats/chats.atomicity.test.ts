import { strToU8 } from 'fflate';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { exportZip } from '../../../test/helpers/chat-files';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { testLocalStorage } from '../../../test/helpers/test-config';
import { attachments, chatAttachments, chats, users } from '../../db/schema';
import type { ObjectStorage } from '../../storage/storage';
import { createAttachmentsRepository, type Owner } from './attachments.repository';
import { createChatsRepository, ForeignAttachmentsError } from './chats.repository';
import { createImportService } from './import.service';
import { ChatAnswerEncoder } from './message-codec';
import { newObjectName } from './object-names';

const silent = { warn: () => {} };
const quota = {
  quotaBytes: 1 << 30,
  unverifiedQuotaBytes: 1 << 30,
  owners: { ownerVerified: async () => true },
};

describeEachDatabase('chats: all or nothing', (ctx) => {
  async function owner(): Promise<Owner> {
    await signUp(ctx.app);
    const [user] = await ctx.db.select().from(users);
    if (!user) throw new Error('no user');
    return { userId: user.id, organisationId: user.organisationId };
  }
  const localStorage = () => testLocalStorage(ctx.dataDir, ctx.clock);

  it('rolls the chat row back when linking fails after it was inserted', async () => {
    const me = await owner();
    const repo = createChatsRepository(ctx.db);
    const attachmentsRepo = createAttachmentsRepository(ctx.db);
    // 5,001 names: the first chunk of 5,000 links is inserted, the 5,001st name is not the caller's.
    const names = Array.from({ length: 5001 }, (_, i) => newObjectName(me.userId, `f${i}.jpg`));
    await attachmentsRepo.insertWithinQuota(
      me.organisationId,
      names
        .slice(0, 5000)
        .map((objectName) => ({ ...me, objectName, fileName: 'f.jpg', mime: 'image/jpeg', size: 1 })),
      1 << 30,
    );
    const chat = {
      name: 'x',
      totalMsgs: 1,
      uniqueAuthors: [],
      answer: await new ChatAnswerEncoder().finish([]),
      attachmentNames: names,
    };
    await expect(repo.create(me, chat)).rejects.toBeInstanceOf(ForeignAttachmentsError);
    expect(await ctx.count(chats)).toBe(0);
    expect(await ctx.count(chatAttachments)).toBe(0);
    expect(await ctx.count(attachments)).toBe(5000);
  });

  it('rolls back when the database refuses the row itself (a constraint at the end of the save)', async () => {
    const me = await owner();
    const repo = createChatsRepository(ctx.db);
    const chat = {
      name: ' untrimmed ',
      totalMsgs: 1,
      uniqueAuthors: [],
      answer: await new ChatAnswerEncoder().finish([]),
      attachmentNames: [],
    };
    await expect(repo.create(me, chat)).rejects.toThrow();
    expect(await ctx.count(chats)).toBe(0);
  });

  it('a save that fails over the API leaves no chat and the uploaded media unlinked', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const uploaded = (await api.upload()).json();
    const bad = [...uploaded.data, { ...uploaded.data[2], content: 'u1/AAAAAAAAAAAAAAAAAAAAAA/x.jpg' }];
    expect((await api.save({ data: bad, chat_name: 'x' })).statusCode).toBe(400);
    expect(await ctx.count(chats)).toBe(0);
    expect(await ctx.count(chatAttachments)).toBe(0);
    expect((await api.save({ ...uploaded, chat_name: 'x' })).statusCode).toBe(201);
  });

  it('removes the objects of an upload whose storage fails midway', async () => {
    const me = await owner();
    const storage = localStorage();
    let puts = 0;
    const failing: ObjectStorage = {
      ...storage,
      async put(name, body, options) {
        if (++puts === 2) throw new Error('disk full');
        return storage.put(name, body, options);
      },
    };
    const names: string[] = [];
    const tracking: ObjectStorage = {
      ...failing,
      async put(name, body, options) {
        names.push(name);
        return failing.put(name, body, options);
      },
    };
    const imports = createImportService({
      storage: tracking,
      attachments: createAttachmentsRepository(ctx.db),
      maxUnpackedBytes: 1 << 27,
      quota,
      log: silent,
    });
    await expect(
      imports.importExport(me, { fileName: 'chat.zip', bytes: exportZip() }, false),
    ).rejects.toThrow('disk full');
    expect(names).toHaveLength(3);
    for (const name of names) expect(await storage.head(name)).toBeNull();
    expect(await ctx.count(attachments)).toBe(0);
  });

  it('removes the stored objects when recording them in the database fails', async () => {
    const me = await owner();
    const storage = localStorage();
    const names: string[] = [];
    const repo = createAttachmentsRepository(ctx.db);
    const imports = createImportService({
      storage: {
        ...storage,
        put: async (name, body, options) => {
          names.push(name);
          return storage.put(name, body, options);
        },
      },
      attachments: {
        ...repo,
        insertWithinQuota: async () => Promise.reject(new Error('database went away')),
      },
      maxUnpackedBytes: 1 << 27,
      quota,
      log: silent,
    });
    await expect(
      imports.importExport(me, { fileName: 'chat.zip', bytes: exportZip() }, false),
    ).rejects.toThrow('database went away');
    expect(names).toHaveLength(3);
    for (const name of names) expect(await storage.head(name)).toBeNull();
    const plain = createImportService({
      storage,
      attachments: repo,
      maxUnpackedBytes: 1 << 27,
      quota,
      log: silent,
    });
    const text = await plain.importExport(
      me,
      { fileName: 'a.txt', bytes: strToU8('12/01/2024, 09:16 - A: hi\n') },
      false,
    );
    expect(JSON.parse(text.body.toString()).total_msgs).toBe(1);
  });
});
