import { phoneOf } from '../messages/group-message';
import type { MessageStore, QueuedLiveMessage, ResolvedAuthors } from '../messages/message-store.service';
import type { LearnedSender, TicketLedger } from './ticket-ledger';

/** The one write the fill needs: the tickets module's (ticket-ledger.ts). */
type SenderFill = Pick<TicketLedger, 'fillSenders'>;

/** A learned sender with the organisation its conversation belongs to. */
export type OrganisationSender = LearnedSender & { organisationId: number };

/**
 * A LID sender's number learned after its messages were ticketed: the tickets get it too, unchanged
 * otherwise (docs/decisions/0013, LID senders). One fill per organisation, as the statement is scoped to one.
 */
export async function fillLearnedSenders(
  ledger: SenderFill,
  sessionId: string,
  learned: readonly OrganisationSender[],
): Promise<void> {
  const byOrganisation = new Map<number, LearnedSender[]>();
  for (const { organisationId, ...sender } of learned)
    byOrganisation.set(organisationId, [...(byOrganisation.get(organisationId) ?? []), sender]);
  for (const [organisationId, senders] of byOrganisation)
    await ledger.fillSenders(organisationId, sessionId, senders);
}

/** A message's sender as the fill takes it, when its number (digits) is known; none otherwise. */
function learnedSender(
  message: { organisationId: number; groupJid: string; waId: string },
  digits: string | null | undefined,
): OrganisationSender[] {
  const { organisationId, groupJid, waId } = message;
  return digits ? [{ organisationId, groupJid, waId, number: `+${digits}` }] : [];
}

/** The senders whose number the message store has just filled in. */
export function sendersOfResolvedAuthors({ messages }: ResolvedAuthors): OrganisationSender[] {
  return messages.flatMap((m) => learnedSender(m, phoneOf(m.phoneJid)));
}

/**
 * Listens for authors the store resolves and fills their tickets. The store awaits the listener, so the fill
 * is done before the change that taught the pair completes; a failure is logged and never fails that
 * change. Answers the unsubscribe.
 */
export function fillTicketsOnResolvedAuthors(deps: {
  ledger: SenderFill;
  store: Pick<MessageStore, 'onResolvedAuthors'>;
  log: { warn(object: object, message: string): void };
}): () => void {
  const { ledger, store, log } = deps;
  return store.onResolvedAuthors(async (resolved) => {
    const { sessionId } = resolved;
    await fillLearnedSenders(ledger, sessionId, sendersOfResolvedAuthors(resolved)).catch((error: unknown) =>
      log.warn({ err: error, sessionId }, 'filling learned sender numbers into tickets failed'),
    );
  });
}

/**
 * The same fill for messages the engine applied while their sender's pair was being learned: the
 * processor's `lateSenders` (ticket-processor.ts).
 */
export function createLateSenders(deps: { ledger: SenderFill; store: Pick<MessageStore, 'phonesOf'> }) {
  const { ledger, store } = deps;
  return async (events: QueuedLiveMessage[]): Promise<void> => {
    for (const sessionId of new Set(events.map((event) => event.sessionId))) {
      const mine = events.filter((event) => event.sessionId === sessionId);
      const phones = await store.phonesOf(sessionId, [...new Set(mine.map((e) => e.message.author ?? ''))]);
      await fillLearnedSenders(
        ledger,
        sessionId,
        mine.flatMap(({ organisationId, groupJid, message }) =>
          learnedSender({ organisationId, groupJid, waId: message.waId }, phones.get(message.author ?? '')),
        ),
      );
    }
  };
}
