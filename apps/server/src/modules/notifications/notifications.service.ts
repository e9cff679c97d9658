import {
  MAX_NOTIFICATIONS_KEPT,
  type MarkNotificationsReadRequest,
  type MarkNotificationsReadResponse,
  type NotificationsRequest,
  type NotificationsResponse,
} from '@wadesk/contract';
import type { Clock } from '../../clock';
import type { DbTransaction } from '../../db/client';
import type { DeskEventBus } from '../events/desk-events';
import { toNotification } from './notification-mapping';
import type { NotificationPoster, NotifiedTicket } from './notification-poster';
import { notificationTexts } from './notification-texts';
import type { NotificationPost, NotificationsRepository, Recipients } from './notifications.repository';
import type { MemberNotificationRow } from './notifications.schema';

export interface NotificationsDeps {
  repo: NotificationsRepository;
  clock: Clock;
  bus: Pick<DeskEventBus, 'publish'>;
  log: { error(object: object, message: string): void };
  /** Notifications kept per member (the contract's MAX_NOTIFICATIONS_KEPT; smaller in tests). */
  keep?: number;
  /** Tickets alerted per unanswered sweep at most; the rest wait for the next one. */
  sweepBatch?: number;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Who is asking: a member reads and marks only their own (decision 0022). */
export interface Reader {
  id: number;
  organisationId: number;
}

/**
 * The per-member notification store (decision 0022): posting (the `NotificationPoster` other modules
 * receive), the bell's page and read state, and the unanswered sweep. Each new notification goes to its
 * member's event streams on every instance (`notification.created`); reading in one tab tells the others.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, clock, bus, log, keep = MAX_NOTIFICATIONS_KEPT, sweepBatch = 200 } = deps;

  /** Announces stored notifications and keeps each member's newest `keep`. */
  async function delivered(rows: MemberNotificationRow[]): Promise<void> {
    for (const row of rows)
      bus.publish('notification.created', {
        organisationId: row.organisationId,
        userId: row.userId,
        notification: toNotification(row),
      });
    await repo.prune(
      rows.map((row) => row.userId),
      keep,
    );
  }

  async function post(entries: NotificationPost[], to: Recipients): Promise<void> {
    try {
      await delivered(await repo.insert(entries, to));
    } catch (error) {
      // Like the audit recorder: the action that posts is done already and must not fail for this.
      log.error({ err: error, kinds: [...new Set(entries.map((e) => e.kind))] }, 'notifications not posted');
    }
  }

  const about = (ticket: NotifiedTicket) => ({ organisationId: ticket.organisationId, ticketId: ticket.id });

  const poster: NotificationPoster = {
    assigned: (ticket, by, assigneeId) =>
      post([{ ...about(ticket), kind: 'assigned', ...notificationTexts.assigned(ticket, by) }], {
        userIds: [assigneeId],
      }),
    mentioned: (ticket, by, note, userIds) =>
      post([{ ...about(ticket), kind: 'mentioned', ...notificationTexts.mentioned(ticket, by, note) }], {
        userIds,
      }),
    newTickets: (opened) =>
      post(
        opened.map(({ ticket, lastMessage }) => ({
          ...about(ticket),
          kind: 'new_ticket' as const,
          ...notificationTexts.newTicket(ticket, lastMessage),
        })),
        'everyone',
      ),
    customerReplied: (ticket, lastMessage, assigneeId, reopened) =>
      post(
        [
          {
            ...about(ticket),
            kind: 'customer_replied',
            ...(reopened
              ? notificationTexts.reopened(ticket, lastMessage)
              : notificationTexts.customerReplied(ticket, lastMessage)),
          },
        ],
        { userIds: [assigneeId] },
      ),
  };

  return {
    poster,

    /**
     * For a module that claims what it tells in its own transaction (the SLA sweep, decision 0028): the
     * rows are stored in that transaction, announced after its commit.
     */
    within: {
      insertWithin: (tx: DbTransaction, entry: NotificationPost, userIds: readonly number[]) =>
        repo.insertWithin(tx, [entry], { userIds }),
      announce: delivered,
    },

    async page(reader: Reader, request: NotificationsRequest): Promise<NotificationsResponse> {
      const { organisationId, id } = reader;
      const [rows, unread] = await Promise.all([
        repo.page(organisationId, id, request.before_id, request.limit ?? 30),
        repo.unread(organisationId, id),
      ]);
      return { notifications: rows.map(toNotification), unread };
    },

    async markRead(
      reader: Reader,
      request: MarkNotificationsReadRequest,
    ): Promise<MarkNotificationsReadResponse> {
      const { organisationId, id } = reader;
      const ids = request.ids ?? null;
      const marked = await repo.markRead(organisationId, id, ids, clock());
      const unread = await repo.unread(organisationId, id);
      // Other tabs and instances follow; nothing to tell when nothing changed.
      if (marked.length > 0 || ids === null)
        bus.publish('notifications.read', {
          organisationId,
          userId: id,
          ids: ids === null ? null : marked,
          unread,
        });
      return { success: true, unread };
    },

    /**
     * One unanswered sweep (decision 0022): answers how many notifications it posted, 0 when another
     * instance holds the sweep.
     */
    async sweepUnanswered(): Promise<number> {
      let total = 0;
      for (;;) {
        const rows = await repo.sweepUnanswered(clock(), sweepBatch, (ticket) => ({
          organisationId: ticket.organisationId,
          kind: 'unanswered',
          ticketId: ticket.id,
          ...notificationTexts.unanswered(ticket, ticket.waitedMinutes),
        }));
        if (rows === null) return total;
        await delivered(rows);
        total += rows.length;
        // Fewer rows than a full batch could still be a full batch of tickets of memberless organisations;
        // only a sweep that posted nothing is certainly the last.
        if (rows.length === 0) return total;
      }
    },
  };
}
