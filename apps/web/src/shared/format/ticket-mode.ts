import type { TicketMode } from '@wadesk/contract';

/** How each mode reads in the desk (docs/decisions/0017-group-modes.md): the groups screen and the audit log. */
export const TICKET_MODE_TEXTS: Record<TicketMode, { label: string; option: string; hint: string }> = {
  watch: {
    label: 'Watch',
    option: 'One ticket for the group',
    hint: 'Messages open one ticket for the whole group.',
  },
  per_customer: {
    label: 'Per customer',
    option: 'One ticket per customer',
    hint: 'Each customer in the group gets their own ticket.',
  },
  ignore: {
    label: 'Ignored',
    option: 'No tickets',
    hint: 'Messages are kept here but open no tickets.',
  },
};

export const TICKET_MODE_ORDER: readonly TicketMode[] = ['watch', 'per_customer', 'ignore'];

export const openTicketsLabel = (count: number) => `${count} open ${count === 1 ? 'ticket' : 'tickets'}`;
