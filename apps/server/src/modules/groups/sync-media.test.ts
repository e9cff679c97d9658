import type { DownloadMediaResponse, GroupMessage, GroupMessagesResponse } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { waGroups, waMessages } from '../../db/schema';
import { MEDIA_EXPIRED } from '../../whatsapp/driver';
import { SIMULATED_CDN_DAYS } from '../../whatsapp/simulator/simulated-download';
import type { DeskEventMap } from '../events/desk-events';

describeWithDatabase('sync of old messages and media download', (ctx) => {
  const app = () => ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });

  it('syncs the whole older history in the background, storing and pushing progress', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const group_id = groups[2]?.group_id ?? '';
    const progress: DeskEventMap['sync.progress'][] = [];
    internalsOf(server).bus.on('sync.progress', (event) => progress.push(event));
    const before = await ctx.db.$count(waMessages, eq(waMessages.groupJid, group_id));

    const response = await post(server, owner, '/api/syncOldMsgs/', { session_id: sessionId, group_id });
    expect(response.body).toEqual({
      success: true,
      message: 'Syncing old messages in the background.',
      outcome: 'started',
      already_synced: false,
    });
    // Asked again while it runs: nothing new starts, and the answer says so (not "synced").
    const during = await post(server, owner, '/api/syncOldMsgs/', { session_id: sessionId, group_id });
    expect(during.body).toEqual({
      success: true,
      message: 'Old messages are already syncing.',
      outcome: 'already_running',
      already_synced: false,
    });
    const done = await eventually(() => progress.find((p) => p.state === 'done'), 10_000, 'sync done');
    const after = await ctx.db.$count(waMessages, eq(waMessages.groupJid, group_id));
    expect(after).toBeGreaterThan(before);
    expect(done.fetched).toBe(after - before);
    expect(progress[0]).toMatchObject({ state: 'running', fetched: 0, sessionId, groupId: group_id });
    expect(progress.filter((p) => p.state === 'running').length).toBeGreaterThan(2); // one per phone answer
    const [stored] = await ctx.db.select().from(waGroups).where(eq(waGroups.jid, group_id));
    expect(stored).toMatchObject({ syncState: 'done', syncFetched: done.fetched, historyComplete: true });

    // Nothing left: a second sync answers at once.
    const again = await post(server, owner, '/api/syncOldMsgs/', { session_id: sessionId, group_id });
    expect(again.body).toEqual({
      success: true,
      message: 'All old messages are already synced.',
      outcome: 'already_synced',
      already_synced: true,
    });
  });

  it('stops with waiting_phone when the phone does not answer, and resumes from where it was', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const group_id = groups[0]?.group_id ?? '';
    const progress: DeskEventMap['sync.progress'][] = [];
    internalsOf(server).bus.on('sync.progress', (event) => progress.push(event));
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'phone_offline' });
    await post(server, owner, '/api/syncOldMsgs/', { session_id: sessionId, group_id });
    const waiting = await eventually(() => progress.find((p) => p.state === 'waiting_phone'));
    expect(waiting.message).toMatch(/phone did not answer/);

    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await post(server, owner, '/api/syncOldMsgs/', { session_id: sessionId, group_id });
    await eventually(() => progress.find((p) => p.state === 'done'), 10_000);
  });

  it('downloads media once through the session, then serves it from object storage', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const group_id = groups[0]?.group_id ?? '';
    const { messages } = (
      await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', {
        session_id: sessionId,
        group_id,
      })
    ).body;
    const request = (m: GroupMessage) => ({ session_id: sessionId, chat_id: group_id, message_id: m.msg_id });

    const image = messages.find((m) => m.message_type === 'image') as GroupMessage;
    const first = await post<DownloadMediaResponse>(server, owner, '/api/downloadMedia/', request(image));
    expect(first.status).toBe(200);
    expect(first.body.messageMedia.mimetype).toBe('image/png');
    const png = Buffer.from(first.body.messageMedia.data, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const [row] = await ctx.db.select().from(waMessages).where(eq(waMessages.waId, image.id));
    expect(row?.mediaObject).toMatch(/^whatsapp-media\//);

    // The phone goes away: the cached copy still answers; media still on WhatsApp's CDN downloads with
    // its key alone; expired media needs the phone to upload it again, so it waits for the connection.
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await eventually(() => server.whatsapp.gateway.state(sessionId)?.status !== 'connected');
    const cached = await post<DownloadMediaResponse>(server, owner, '/api/downloadMedia/', request(image));
    expect(cached.body.messageMedia.data).toBe(first.body.messageMedia.data);
    const cdnAge = SIMULATED_CDN_DAYS * 86_400;
    const now = Date.now() / 1000;
    const media = messages.filter((m) => m.has_media && m.msg_id !== image.msg_id);
    const fresh = media.find((m) => now - m.timestamp < cdnAge - 3_600) as GroupMessage;
    const expired = media.find((m) => now - m.timestamp > cdnAge + 3_600) as GroupMessage;
    expect((await post(server, owner, '/api/downloadMedia/', request(fresh))).status).toBe(200);
    expect(await post(server, owner, '/api/downloadMedia/', request(expired))).toMatchObject({
      status: 409,
      body: { message: MEDIA_EXPIRED },
    });

    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await eventually(() => server.whatsapp.gateway.state(sessionId)?.status === 'connected', 5_000);
    expect((await post(server, owner, '/api/downloadMedia/', request(expired))).status).toBe(200);
    const pdf = messages.find((m) => m.message_type === 'document') as GroupMessage;
    const document = await post<DownloadMediaResponse>(server, owner, '/api/downloadMedia/', request(pdf));
    expect(document.body.messageMedia).toMatchObject({
      mimetype: 'application/pdf',
      filename: expect.stringMatching(/\.pdf$/),
    });
    expect(Buffer.from(document.body.messageMedia.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    for (const [type, magic] of [
      ['video', 'ftyp'],
      ['audio', 'RIFF'],
    ] as const) {
      const media = messages.find((m) => m.message_type === type) as GroupMessage;
      const data = Buffer.from(
        (await post<DownloadMediaResponse>(server, owner, '/api/downloadMedia/', request(media))).body
          .messageMedia.data,
        'base64',
      );
      expect(data.includes(Buffer.from(magic)), type).toBe(true);
    }

    const text = messages.find((m) => !m.has_media) as GroupMessage;
    expect((await post(server, owner, '/api/downloadMedia/', request(text))).body).toEqual({
      message: 'This message has no media.',
    });
    expect(
      (await post(server, owner, '/api/downloadMedia/', { session_id: sessionId, chat_id: group_id })).body,
    ).toEqual({ message: 'No message id passed' });
  });
});
