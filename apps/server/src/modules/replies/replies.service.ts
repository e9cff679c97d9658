import type { Readable } from 'node:stream';
import {
  type ComposerAttachmentKind,
  composerMessages,
  type PollState,
  type ReplyToTicketResponse,
  replyMessages,
  type SendPollRequest,
  type SendPollResponse,
} from '@wadesk/contract';
import { BufferJSON, proto, type WAMessage } from 'baileys';
import { AppError } from '../../errors';
import { type QuotableMessage, quotedMessage } from '../../whatsapp/mapping/quoted-message';
import { pollContent } from '../../whatsapp/polls';
import type { AuditRecorder } from '../audit/audit.service';
import { RpcTimeoutError } from '../cluster/rpc-errors';
import { NotConnectedError, type WhatsAppGateway } from '../sessions/gateway';
import type { SessionCluster } from '../sessions/session-cluster';
import type { ReplyTargets } from '../tickets/reply-target';
import type { DeskRepliesRepository } from './desk-replies.repository';

export interface RepliesServiceDeps {
  targets: ReplyTargets;
  deskReplies: DeskRepliesRepository;
  /** The stored WhatsApp messages (messages module): the quoted customer message. */
  findMessage(sessionId: string, groupJid: string, waId: string): Promise<QuotableMessage | null>;
  cluster: SessionCluster;
  gateway: WhatsAppGateway;
  audit: AuditRecorder;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Pushes a reply's state as it is now (reply-states.service.ts): a Retry marked it sent again. */
  announce?(organisationId: number, sessionId: string, waId: string): Promise<void>;
  /**
   * Opens an attachment the composer stored in object storage (docs/decisions/0024-group-composer.md): the
   * instance that owns the session reads it from there, whichever instance received the upload.
   */
  openAttachment?(objectName: string): Promise<Readable>;
}

/** A composer attachment, stored in object storage until it is sent. */
export interface AttachmentToSend {
  objectName: string;
  kind: ComposerAttachmentKind;
  mimetype: string;
  fileName: string;
}

/** A poll as the desk sends it: WhatsApp's selectableCount 0 lets voters choose several options. */
export interface PollToSend {
  question: string;
  options: string[];
  selectableCount: 0 | 1;
}

/**
 * The desk's own messages: the out-of-hours reply (decision 0028) and the satisfaction poll sent when a
 * ticket closes (decision 0030).
 */
export type AutomaticKind = 'out of hours' | 'satisfaction poll';

/** What a desk reply sends: a text quoting the customer, or a poll (which quotes nothing). */
type ReplyContent = { text: string } | { poll: PollToSend };

/**
 * The command run on the instance that owns the session: a desk reply on a ticket, or a message the
 * composer writes into a group (no ticket, no quote; decision 0024). Both are recorded in desk_replies.
 */
export interface SendCommand {
  organisationId: number;
  /** Null for an automatic message (the out-of-hours reply, the satisfaction poll), which no member typed. */
  userId: number | null;
  /** The desk's own message, by what sent it: recorded as automatic, stops no SLA clock. */
  automatic?: AutomaticKind;
  /** The ticket replied to; null for the composer. */
  ticketId: number | null;
  sessionId: string;
  groupJid: string;
  /** The composer: the group's name, for the audit entry. */
  groupName?: string;
  /** The customer message a text (or the satisfaction poll) quotes; null for a member's poll and the composer. */
  quotedWaId: string | null;
  /** The text (a caption with an attachment), or a poll's question (what desk_replies.body keeps). */
  text: string;
  poll?: PollToSend;
  attachment?: AttachmentToSend;
  /** The composer's Retry: the refused message's stored content (BufferJSON), sent again as a new message. */
  again?: string;
  /** Retry: the WhatsApp id of the refused reply this sends again. */
  retryOf?: string;
}

/** What the composer sent, for its audit entry: a photo, video, document or text (a Retry's too). */
function sentKind(sent: WAMessage): 'image' | 'video' | 'document' | 'text' {
  const content = sent.message ?? {};
  if (content.imageMessage) return 'image';
  if (content.videoMessage) return 'video';
  if (content.documentMessage || content.documentWithCaptionMessage) return 'document';
  return 'text';
}

/** The words of a send's errors: a desk reply's, or the composer's. */
const wordsOf = (c: Pick<SendCommand, 'ticketId'>) =>
  c.ticketId === null
    ? {
        notConnected: composerMessages.notConnected,
        sendFailed: composerMessages.sendFailed,
        sendTimedOut: composerMessages.sendTimedOut,
      }
    : {
        notConnected: replyMessages.notConnected,
        sendFailed: replyMessages.sendFailed,
        sendTimedOut: replyMessages.sendTimedOut,
      };

type SendAnswer = { ok: { waId: string; sentAt: number } } | { notConnected: true };

/** Long enough for Baileys to fetch devices and encrypt for a large group, short enough to say why. */
const SEND_TIMEOUT_MS = 30_000;

export type RepliesService = ReturnType<typeof createRepliesService>;

/** A poll just sent: its options, no votes yet; countable, as it was sent with a secret. */
function unvoted(poll: PollToSend): PollState {
  return {
    question: poll.question,
    multiple: poll.selectableCount !== 1,
    options: poll.options.map((name) => ({ name, voters: [] })),
    voters: 0,
    countable: true,
  };
}

/**
 * Replies from the desk (docs/decisions/0018-desk-replies.md): checked where the request arrives, limited
 * per session across instances, sent on the instance that owns the session, recorded before they are sent.
 */
export function createRepliesService(deps: RepliesServiceDeps) {
  const { targets, deskReplies, cluster, gateway, audit, log } = deps;

  /** Hands the command's content to the gateway: a poll, an attachment, or a text (quoting or not). */
  async function sendContent(
    c: SendCommand,
    quoted: QuotableMessage | null,
    record: (message: WAMessage) => Promise<void>,
  ): Promise<WAMessage> {
    const quotedWa = quoted ? quotedMessage(quoted) : null;
    if (c.poll)
      return gateway.sendPoll(c.sessionId, { groupJid: c.groupJid, ...c.poll, quoted: quotedWa }, record);
    if (c.again) {
      const content = proto.Message.fromObject(JSON.parse(c.again, BufferJSON.reviver));
      const earlier = {
        key: { remoteJid: c.groupJid, fromMe: true, id: c.retryOf ?? null },
        message: content,
      };
      return gateway.sendAgain(c.sessionId, { groupJid: c.groupJid, message: earlier }, record);
    }
    const text = { groupJid: c.groupJid, text: c.text, quoted: quotedWa };
    if (!c.attachment) return gateway.sendText(c.sessionId, text, record);
    if (!deps.openAttachment) throw new Error('No object storage to read attachments from');
    const file = await deps.openAttachment(c.attachment.objectName);
    try {
      return await gateway.sendMedia(
        c.sessionId,
        {
          groupJid: c.groupJid,
          kind: c.attachment.kind,
          file,
          mimetype: c.attachment.mimetype,
          fileName: c.attachment.fileName,
          caption: c.text,
        },
        record,
      );
    } finally {
      file.destroy(); // read to its end when sent; closed unread when the send stopped before
    }
  }

  /** The audit entry of a sent message: a reply on its ticket, or what the composer wrote in a group. */
  function auditEntry(c: SendCommand, sent: WAMessage) {
    const waId = sent.key.id ?? '';
    const common = { organisationId: c.organisationId, actorId: c.userId };
    const retry = c.retryOf ? { retry_of: c.retryOf } : {};
    if (c.ticketId === null)
      return {
        ...common,
        action: 'group.message_sent' as const,
        target: c.groupName ?? c.groupJid,
        details: {
          session_id: c.sessionId,
          group_id: c.groupJid,
          wa_id: waId,
          kind: sentKind(sent),
          length: c.text.length,
          ...retry,
        },
      };
    return {
      ...common,
      action: 'ticket.reply_sent' as const,
      target: `Ticket #${c.ticketId}`,
      details: {
        ticket_id: c.ticketId,
        wa_id: waId,
        length: c.text.length,
        ...(c.poll ? { poll: true, options: c.poll.options.length } : {}),
        ...(c.automatic ? { automatic: c.automatic } : {}),
        ...retry,
      },
    };
  }

  async function sendHere(c: SendCommand): Promise<SendAnswer> {
    if (gateway.state(c.sessionId)?.status !== 'connected') return { notConnected: true };
    const quoted = c.quotedWaId ? await deps.findMessage(c.sessionId, c.groupJid, c.quotedWaId) : null;
    if (c.quotedWaId && !quoted) throw new AppError(409, replyMessages.quotedMissing);
    let recorded: string | null = null;
    let sent: WAMessage;
    try {
      // Written before the message leaves: its echo (and a retry receipt) can arrive before sending returns.
      const record = async (message: WAMessage) => {
        const waId = message.key.id ?? '';
        await deskReplies.insert({
          organisationId: c.organisationId,
          sessionId: c.sessionId,
          groupJid: c.groupJid,
          waId,
          ticketId: c.ticketId,
          userId: c.userId,
          body: c.text,
          content: message.message ?? {},
          ...(c.automatic ? { automatic: true } : {}),
        });
        recorded = waId;
      };
      sent = await sendContent(c, quoted, record);
    } catch (error) {
      if (recorded) await deskReplies.remove(c.sessionId, recorded).catch(() => {});
      if (error instanceof NotConnectedError) return { notConnected: true };
      if (error instanceof AppError) throw error;
      log.warn({ err: error, sessionId: c.sessionId }, 'sending a desk reply failed');
      throw new AppError(502, wordsOf(c).sendFailed);
    }
    const waId = sent.key.id ?? '';
    // Recorded here, where it was sent: a requesting instance that timed out or died still leaves the entry.
    // The text stays out of the log: it is customer correspondence, and the conversation keeps it. The
    // message is out by now: an entry that cannot be written is logged, and the reply keeps its record and
    // its answer (the members see it in the conversation; a 502 would invite sending it twice).
    await audit
      .record(auditEntry(c, sent))
      .catch((error: unknown) =>
        log.error(
          { err: error, sessionId: c.sessionId, waId },
          'the audit entry of a sent reply was not written',
        ),
      );
    return { ok: { waId, sentAt: Number(sent.messageTimestamp ?? 0) } };
  }

  cluster.handle<SendCommand, SendAnswer>('replies.send', sendHere);

  type Throttle = (sessionId: string) => Promise<() => Promise<void>>;

  /**
   * The one send path of desk replies and the composer: counts the send against the session's limit
   * (`throttle`, 429 past it), runs it on the instance that owns the session, and gives the count back when
   * nothing left the phone: the limit spares the WhatsApp account, so it counts sends, and a member retrying
   * against a disconnected session must not lock out the team.
   */
  async function dispatch(
    command: SendCommand,
    throttle: Throttle,
  ): Promise<{ waId: string; sentAt: number }> {
    const words = wordsOf(command);
    const giveBack = await throttle(command.sessionId);
    let answer: SendAnswer;
    try {
      answer = await cluster.onOwner<SendAnswer>(command.sessionId, 'replies.send', command, SEND_TIMEOUT_MS);
    } catch (error) {
      // The owner may still send it (or have sent it): the member is told to look before trying again,
      // and the send keeps its place in the limit.
      if (error instanceof RpcTimeoutError) throw new AppError(504, words.sendTimedOut);
      if (error instanceof NotConnectedError) {
        await giveBack();
        throw new AppError(409, words.notConnected);
      }
      // The quoted message is gone: refused before sending. A 502 (WhatsApp refused the send) keeps its
      // count: the socket may have written it before failing.
      if (error instanceof AppError && error.message === replyMessages.quotedMissing) await giveBack();
      throw error;
    }
    if ('notConnected' in answer) {
      await giveBack();
      throw new AppError(409, words.notConnected);
    }
    return answer.ok;
  }

  /** Sends `content` into the ticket's group, once the ticket is known to be answerable. */
  async function deliver(
    user: { id: number; organisationId: number },
    ticketId: number,
    content: ReplyContent,
    throttle: Throttle,
    retryOf?: string,
  ): Promise<{ ticketId: number; quotedWaId: string | null; waId: string; sentAt: number }> {
    const target = await targets.find(user.organisationId, ticketId);
    if (!target) throw new AppError(404, replyMessages.ticketNotFound);
    if (target.status === 'close') throw new AppError(409, replyMessages.ticketClosed);
    // A text quotes the newest customer message; a poll quotes nothing.
    const quotedWaId = 'text' in content ? target.customerWaId : null;
    if ('text' in content && !quotedWaId) throw new AppError(409, replyMessages.nothingToQuote);
    const command: SendCommand = {
      organisationId: user.organisationId,
      userId: user.id,
      ticketId: target.ticketId,
      sessionId: target.sessionId,
      groupJid: target.groupJid,
      quotedWaId,
      ...('text' in content ? { text: content.text } : { text: content.poll.question, poll: content.poll }),
      ...(retryOf ? { retryOf } : {}),
    };
    const sent = await dispatch(command, throttle);
    return { ticketId: target.ticketId, quotedWaId, ...sent };
  }

  const service = {
    /**
     * The satisfaction poll (decision 0030): the desk's own poll into a closed ticket's group, quoting the
     * customer's message (`quotedWaId`), recorded as automatic like the out-of-hours reply. The caller has
     * checked the ticket and claimed the poll; `throttle` refuses it (429) before a member's reply would be.
     */
    sendSatisfactionPoll: (
      target: {
        organisationId: number;
        ticketId: number;
        sessionId: string;
        groupJid: string;
        quotedWaId: string;
      },
      poll: PollToSend,
      throttle: Throttle,
    ): Promise<{ waId: string; sentAt: number }> =>
      dispatch(
        { ...target, userId: null, automatic: 'satisfaction poll', text: poll.question, poll },
        throttle,
      ),

    /**
     * The out-of-hours reply (decision 0028): the desk's own text into the ticket's group, quoting nothing,
     * recorded as automatic. Not into a closed ticket, nor into a group whose mode is now ignore. Answers
     * false when it was not sent for one of those reasons; `throttle` refuses it (429) before a member's
     * reply would be.
     */
    async sendAutomatic(
      organisationId: number,
      ticketId: number,
      text: string,
      throttle: Throttle,
    ): Promise<boolean> {
      const target = await targets.find(organisationId, ticketId);
      if (!target || target.status === 'close' || target.groupMode === 'ignore') return false;
      await dispatch(
        {
          organisationId,
          userId: null,
          automatic: 'out of hours',
          ticketId: target.ticketId,
          sessionId: target.sessionId,
          groupJid: target.groupJid,
          quotedWaId: null,
          text,
        },
        throttle,
      );
      return true;
    },

    /**
     * Sends a message the composer wrote (decision 0024) through the same path as a reply: the caller has
     * checked the group is the organisation's. Answers WhatsApp's id and when it was sent (seconds).
     */
    sendToGroup: (
      command: Omit<SendCommand, 'ticketId' | 'quotedWaId' | 'poll' | 'again' | 'retryOf'>,
      throttle: Throttle,
    ): Promise<{ waId: string; sentAt: number }> =>
      dispatch({ ...command, ticketId: null, quotedWaId: null }, throttle),

    /**
     * Sends a message the composer wrote and WhatsApp refused again, as a new message with the same content
     * (decision 0024): claimed first like a reply's Retry, so two clicks send it once.
     */
    async retryInGroup(
      user: { id: number; organisationId: number },
      request: { wa_id: string },
      throttle: Throttle,
    ): Promise<{ sessionId: string; groupJid: string; waId: string; sentAt: number; content: string }> {
      const message = await deskReplies.findInGroup(user.organisationId, request.wa_id);
      if (!message) throw new AppError(404, replyMessages.replyNotFound);
      if (message.status !== 'failed') throw new AppError(409, replyMessages.notFailed);
      if (message.retriedAs !== null || !(await deskReplies.claimRetry(message.id)))
        throw new AppError(409, replyMessages.alreadyRetried);
      try {
        const sent = await dispatch(
          {
            organisationId: user.organisationId,
            userId: user.id,
            ticketId: null,
            sessionId: message.sessionId,
            groupJid: message.groupJid,
            quotedWaId: null,
            text: message.body,
            again: message.content,
            retryOf: message.waId,
          },
          throttle,
        );
        await deskReplies.settleRetry(message.id, sent.waId);
        await deps.announce?.(user.organisationId, message.sessionId, message.waId);
        return {
          sessionId: message.sessionId,
          groupJid: message.groupJid,
          content: message.content,
          ...sent,
        };
      } catch (error) {
        await deskReplies.settleRetry(message.id, null);
        throw error;
      }
    },

    /** Sends `text` as a quoted reply to the ticket's newest customer message. */
    async send(
      user: { id: number; organisationId: number },
      request: { ticket_id: number; text: string },
      throttle: Throttle,
      retryOf?: string,
    ): Promise<ReplyToTicketResponse> {
      const sent = await deliver(user, request.ticket_id, { text: request.text }, throttle, retryOf);
      return {
        ticket_id: sent.ticketId,
        wa_id: sent.waId,
        quoted_wa_id: sent.quotedWaId,
        text: request.text,
        sent_at: new Date(sent.sentAt * 1000).toISOString(),
      };
    },

    /**
     * Sends a poll into the ticket's group (docs/decisions/0018, polls): a desk reply like a text — the same
     * limit, errors, record, states and audit — that quotes nothing. Its echo stores it with its secret.
     */
    async sendPoll(
      user: { id: number; organisationId: number },
      request: SendPollRequest,
      throttle: Throttle,
    ): Promise<SendPollResponse> {
      const poll: PollToSend = {
        question: request.question,
        options: request.options,
        selectableCount: request.multiple ? 0 : 1,
      };
      const sent = await deliver(user, request.ticket_id, { poll }, throttle);
      return {
        ticket_id: sent.ticketId,
        wa_id: sent.waId,
        poll: unvoted(poll),
        sent_at: new Date(sent.sentAt * 1000).toISOString(),
      };
    },

    /**
     * Sends a reply WhatsApp refused again, as a new message with the same text (decision 0018, reply
     * states): claimed first, so that two clicks send it once; a Retry that sent nothing can be tried again.
     */
    async retry(
      user: { id: number; organisationId: number },
      request: { ticket_id: number; wa_id: string },
      throttle: Throttle,
    ): Promise<ReplyToTicketResponse> {
      const reply = await deskReplies.findOnTicket(user.organisationId, request.ticket_id, request.wa_id);
      if (!reply) throw new AppError(404, replyMessages.replyNotFound);
      if (reply.status !== 'failed') throw new AppError(409, replyMessages.notFailed);
      if (reply.retriedAs !== null || !(await deskReplies.claimRetry(reply.id)))
        throw new AppError(409, replyMessages.alreadyRetried);
      try {
        // A refused poll is sent again as the poll it was, with a new secret.
        const poll = pollContent(proto.Message.fromObject(JSON.parse(reply.content, BufferJSON.reviver)));
        const sent = poll
          ? await deliver(
              user,
              reply.ticketId,
              {
                poll: {
                  question: poll.question,
                  options: poll.options,
                  selectableCount: poll.selectableCount === 1 ? 1 : 0,
                },
              },
              throttle,
              reply.waId,
            )
          : await deliver(user, reply.ticketId, { text: reply.body }, throttle, reply.waId);
        await deskReplies.settleRetry(reply.id, sent.waId);
        await deps.announce?.(user.organisationId, reply.sessionId, reply.waId);
        return {
          ticket_id: sent.ticketId,
          wa_id: sent.waId,
          quoted_wa_id: sent.quotedWaId,
          text: reply.body,
          sent_at: new Date(sent.sentAt * 1000).toISOString(),
        };
      } catch (error) {
        // Nothing sent, or not known to be (504 tells the member to look first): Retry stays offered.
        await deskReplies.settleRetry(reply.id, null);
        throw error;
      }
    },
  };
  return service;
}
