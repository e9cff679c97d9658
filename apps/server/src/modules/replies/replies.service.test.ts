import { replyMessages } from '@wadesk/contract';
import type { WAMessage } from 'baileys';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors';
import { RpcTimeoutError } from '../cluster/rpc-errors';
import type { WhatsAppGateway } from '../sessions/gateway';
import type { SessionCluster } from '../sessions/session-cluster';
import type { DeskRepliesRepository } from './desk-replies.repository';
import { createRepliesService } from './replies.service';

// The service over fakes: what happens to the recorded reply when WhatsApp refuses the send.
function service(
  sendText: WhatsAppGateway['sendText'],
  onOwnerFails?: Error,
  record: () => Promise<void> = async () => {},
) {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  const cluster = {
    handle: (command: string, handler: (payload: unknown) => Promise<unknown>) =>
      handlers.set(command, handler),
    onOwner: async (_sessionId: string, command: string, payload: object) => {
      if (onOwnerFails) throw onOwnerFails;
      return handlers.get(command)?.(payload);
    },
  } as unknown as SessionCluster;
  const rows = new Map<string, unknown>();
  const deskReplies = {
    insert: vi.fn(async (row: { waId: string }) => void rows.set(row.waId, row)),
    remove: vi.fn(async (_sessionId: string, waId: string) => void rows.delete(waId)),
    content: vi.fn(),
  } as unknown as DeskRepliesRepository;
  const audit = { record: vi.fn(record) };
  const log = { warn: vi.fn(), error: vi.fn() };
  const replies = createRepliesService({
    targets: {
      find: async () => ({
        ticketId: 5,
        status: 'open',
        sessionId: 's1',
        groupJid: 'g@g.us',
        groupMode: 'watch',
        customerWaId: 'CUSTOMER',
      }),
    },
    deskReplies,
    findMessage: async () => ({
      groupJid: 'g@g.us',
      waId: 'CUSTOMER',
      fromMe: false,
      author: 'c@s.whatsapp.net',
      body: 'Hi',
      hasMedia: false,
      thumbnail: null,
      raw: null,
    }),
    cluster,
    gateway: { state: () => ({ status: 'connected' }), sendText } as unknown as WhatsAppGateway,
    audit,
    log,
  });
  const send = () =>
    replies.send({ id: 1, organisationId: 1 }, { ticket_id: 5, text: 'Hello' }, async () => async () => {});
  return { send, rows, deskReplies, audit, log };
}

const built = {
  key: { id: 'SENT', remoteJid: 'g@g.us', fromMe: true },
  message: { conversation: 'x' },
} as WAMessage;

describe('replies service', () => {
  it('forgets the recorded reply when WhatsApp refuses the send, and says why', async () => {
    const { send, rows, deskReplies, audit } = service(async (_s, _o, record) => {
      await record(built);
      throw new Error('socket closed');
    });
    const failure = await send().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, message: replyMessages.sendFailed });
    expect(deskReplies.insert).toHaveBeenCalledTimes(1);
    expect(rows.size).toBe(0);
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('keeps a sent reply and answers it sent when its audit entry cannot be written', async () => {
    const { send, rows, deskReplies, log } = service(
      async (_s, _o, record) => {
        await record(built);
        return { ...built, messageTimestamp: 1_700_000_000 };
      },
      undefined,
      async () => {
        throw new Error('audit_log: connection lost');
      },
    );
    // The message left the phone: a 502 would say it failed and invite sending it twice.
    expect(await send()).toMatchObject({ wa_id: 'SENT', text: 'Hello' });
    expect(rows.has('SENT')).toBe(true);
    expect(deskReplies.remove).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ waId: 'SENT' }),
      'the audit entry of a sent reply was not written',
    );
  });

  it('says a reply may have gone out when the owner does not answer in time', async () => {
    const { send, audit } = service(async () => built, new RpcTimeoutError('other', 'replies.send', 30_000));
    await expect(send()).rejects.toMatchObject({ statusCode: 504, message: replyMessages.sendTimedOut });
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('records the reply before it is sent, quoting the stored text message', async () => {
    let recordedFirst = false;
    const { send, rows } = service(async (_s, outgoing, record) => {
      expect(outgoing.quoted).toMatchObject({
        key: { remoteJid: 'g@g.us', id: 'CUSTOMER', fromMe: false, participant: 'c@s.whatsapp.net' },
        message: { conversation: 'Hi' },
      });
      await record(built);
      recordedFirst = rows.has('SENT');
      return { ...built, messageTimestamp: 1_700_000_000 };
    });
    expect(await send()).toMatchObject({ wa_id: 'SENT', quoted_wa_id: 'CUSTOMER', text: 'Hello' });
    expect(recordedFirst).toBe(true);
    expect(rows.has('SENT')).toBe(true);
  });
});
