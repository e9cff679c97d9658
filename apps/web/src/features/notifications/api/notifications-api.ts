import { type SettingsResponse, settingsResponse, type Ticket, ticketsResponse } from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

/** How many of the newest open tickets are watched for the unanswered alert. */
export const WATCHED_TICKETS = 200;

/** The newest open tickets: the ones that can still be unanswered. */
export function fetchOpenTickets(signal?: AbortSignal): Promise<Ticket[]> {
  return api.post('/org/getTickets/', { status: ['open'], limit: WATCHED_TICKETS }, ticketsResponse, {
    signal,
  });
}

/** The organisation's settings: `unanswered_minutes` is the alert's threshold. */
export function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return api.post('/org/getSettings/', {}, settingsResponse, { signal });
}
