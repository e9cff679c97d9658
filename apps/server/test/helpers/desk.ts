import type { SimIncomingRequest } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../../src/app-internals';
import type { SignedIn } from './auth';
import { eventually, post } from './whatsapp';

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
