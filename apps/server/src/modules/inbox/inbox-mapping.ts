import type { InboxTicket } from '@wadesk/contract';
import type { InboxPageRow } from './inbox.repository';

/** A row of an inbox page (times already ISO 8601 text) as the contract's InboxTicket. */
export function toInboxPageTicket(row: InboxPageRow): InboxTicket {
  return {
    id: row.id,
    group_name: row.groupName,
    customer: row.customer,
    customer_number: row.customerNumber,
    last_message: row.lastMessage,
    status: row.status,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    first_response_at: row.firstResponseAt,
    closed_at: row.closedAt,
    session_id: row.sessionId,
    group_id: row.groupJid,
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
    answered_by: row.answeredBy,
    labels: row.labels,
    customer_replied_at: row.customerRepliedAt,
    follow_up_of: row.followUpOf,
    last_customer_at: row.lastCustomerAt,
    waiting_since: row.waitingSince,
    satisfaction:
      row.satisfactionAskedAt === null
        ? null
        : { asked_at: row.satisfactionAskedAt, score: row.satisfactionScore },
  };
}
