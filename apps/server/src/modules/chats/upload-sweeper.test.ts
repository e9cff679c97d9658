import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { exportZip } from '../../../test/helpers/chat-files';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { internalsOf } from '../../app-internals';
import { attachments } from '../../db/schema';
import { UPLOAD_SWEEP_LOCK } from './attachments.repository';

// Uploads never saved in a chat expire (UPLOAD_EXPIRY_HOURS) with their files; saved chats keep theirs.
describeEachDatabase('expiry of unsaved uploads', (ctx) => {
  const files = async () =>
    (await readdir(join(ctx.dataDir, 'objects'), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  const age = (hours: number) =>
    ctx.db.execute(sql`update attachments set created_at = now() - make_interval(hours => ${hours})`);

  it('removes uploads older than the expiry that no chat shows, files included, and keeps the rest', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const saved = await api.upload('chat.zip', exportZip());
    expect((await api.save({ chat_name: 'Kept', data: saved.json().data })).statusCode).toBe(201);
    await api.upload('chat.zip', exportZip()); // never saved
    expect(await ctx.count(attachments)).toBe(6);
    await age(23);
    expect(await internalsOf(ctx.app).uploadSweeper.sweep()).toBe(0);
    await age(25);
    expect(await internalsOf(ctx.app).uploadSweeper.sweep()).toBe(3);
    expect(await ctx.count(attachments)).toBe(3);
    expect(await files()).toHaveLength(3);
    // The saved chat still opens with its media.
    const chatId = (await api.list()).json().chat_list[0].chat_id;
    expect((await api.load(chatId)).statusCode).toBe(200);
  });

  it('sweeps nothing while another instance holds the sweep lock', async () => {
    if (ctx.kind !== 'postgres') return; // one embedded database has one connection: nothing to race
    const api = chatApi(ctx.app, await signUp(ctx.app));
    await api.upload('chat.zip', exportZip());
    await age(25);
    // Advisory locks belong to one database: connect to the test's own.
    const current = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(String(process.env.TEST_DATABASE_URL));
    url.pathname = `/${current.rows[0]?.name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [UPLOAD_SWEEP_LOCK]);
      expect(await internalsOf(ctx.app).uploadSweeper.sweep()).toBe(0);
      expect(await ctx.count(attachments)).toBe(3);
      await other.query('select pg_advisory_unlock($1)', [UPLOAD_SWEEP_LOCK]);
      expect(await internalsOf(ctx.app).uploadSweeper.sweep()).toBe(3);
    } finally {
      await other.end();
    }
  });
});
