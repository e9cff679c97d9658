// Every table lives beside the module that owns it (docs/architecture.md, owner table); this file only
// re-exports them so that Drizzle's queries and drizzle-kit's migrations see every table.

export * from '../modules/agents/agents.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/chats/chats.schema';
export * from '../modules/events/events.schema';
export * from '../modules/members/members.schema';
export * from '../modules/messages/messages.schema';
export * from '../modules/notifications/notifications.schema';
export * from '../modules/replies/replies.schema';
export * from '../modules/reports/reports.schema';
export * from '../modules/satisfaction/satisfaction.schema';
export * from '../modules/sessions/sessions.schema';
export * from '../modules/sla/sla.schema';
export * from '../modules/tickets/tickets.schema';
export * from '../shared-secrets.schema';
export * from './notifications.schema';
