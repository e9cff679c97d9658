import type { SimIncomingRequest, Ticket } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../../src/app-internals';
import { type SignedIn, signUpVerified } from './auth';
import { eventually, linkSession, post } from './whatsapp';

/**
 * A simulated group member (or the linked phone, with `from_me`) says something in a group; resolves once
 * the message is stored and the ticket engine has applied it.
 */
export async function say(
  app: FastifyInstance,
  user: SignedIn,
  sessionId: string,
  message: SimIncomingRequest,
): Promise<string> {
  // The simulated phone may be reconnecting (millisecond watchdog timers on a busy machine): wait for it.
  const sent = await eventually(
    async () => {
      const res = await post<{ msg_id: string }>(app, user, `/sim/sessions/${sessionId}/incoming`, message);
      if (res.status !== 200 && res.status !== 409)
        throw new Error(`incoming: ${res.status} ${JSON.stringify(res.body)}`);
      return res.status === 200 ? res : null;
    },
    5_000,
    'the simulated phone to take the message',
  );
  await app.whatsapp.gateway.settled(sessionId);
  await internalsOf(app).ticketProcessor.settled();
  return sent.body.msg_id;
}

/** Shorthand for an /org/ call answering JSON. */
export const org = <T>(app: FastifyInstance, user: SignedIn, call: string, payload: object = {}) =>
  post<T>(app, user, `/org/${call}/`, payload);

/** A verified owner with a linked simulated session, in whose first group a customer opened a ticket. */
export async function simulatedCustomerTicket(app: FastifyInstance) {
  const owner = await signUpVerified(app);
  const { sessionId, groups } = await linkSession(app, owner);
  const group = groups[0];
  if (!group) throw new Error('no group');
  await say(app, owner, sessionId, {
    group_id: group.group_id,
    body: 'Where is my parcel?',
    author_phone: '4915112345678',
    author_name: 'Carla',
  });
  const [ticket] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
  if (!ticket) throw new Error('no ticket');
  return { owner, sessionId, group, ticket };
}
