import type { DeskEventBus } from '../events/desk-events';
import type { SessionsService } from '../sessions/sessions.service';
import type { AgentsService } from './agents.service';

export interface OwnerAgentsDeps {
  bus: DeskEventBus;
  sessions: Pick<SessionsService, 'owned'>;
  agents: Pick<AgentsService, 'ensureOwner'>;
  log: { error(object: object, message: string): void };
}

/**
 * When a session connects, its linked account's number becomes an `owner` agent named after the session,
 * so the account's own group messages are business replies. Returns the unsubscribe function and a way to
 * wait for the additions in flight (tests).
 */
export function watchLinkedAccounts({ bus, sessions, agents, log }: OwnerAgentsDeps) {
  const inFlight = new Set<Promise<void>>();
  const unsubscribe = bus.on('session.status', (event) => {
    if (event.status !== 'connected' || !event.phone) return;
    const phone = event.phone;
    const work = sessions
      .owned(event.organisationId, event.sessionId)
      .then((session) => agents.ensureOwner(event.organisationId, phone, session.name))
      .then(() => undefined)
      .catch((error: unknown) =>
        log.error({ err: error, sessionId: event.sessionId }, 'adding the owner agent failed'),
      )
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  return {
    unsubscribe,
    settled: async (): Promise<void> => {
      await Promise.all(inFlight);
    },
  };
}
