import type { Ticket } from '@wadesk/contract';

/** A ticket for tests: open, in Acme Support, created on 2024-03-0{id}. */
export const makeTicket = (id: number, extra: Partial<Ticket> = {}): Ticket => ({
  id,
  group_name: 'Acme Support',
  customer: `Customer ${id}`,
  customer_number: `+9198765400${String(id).padStart(2, '0')}`,
  last_message: 'Hello',
  status: 'open',
  created_at: `2024-03-0${id}T08:00:00Z`,
  updated_at: `2024-03-0${id}T09:00:00Z`,
  first_response_at: null,
  closed_at: null,
  session_id: 's1',
  group_id: 'g1@g.us',
  assignee: null,
  answered_by: null,
  labels: [],
  customer_replied_at: null,
  follow_up_of: null,
  satisfaction: null,
  ...extra,
});
