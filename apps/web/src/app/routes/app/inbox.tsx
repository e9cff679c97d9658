import { InboxScreen } from '@/features/inbox/components/inbox-screen';
import { TicketConversationPane, TicketDetailsPane } from '@/features/tickets/components/ticket-panes';

/** The inbox shows the tickets feature's conversation and details (docs/web-structure.md: app/ composes). */
export function InboxRoute() {
  return <InboxScreen Conversation={TicketConversationPane} Details={TicketDetailsPane} />;
}
