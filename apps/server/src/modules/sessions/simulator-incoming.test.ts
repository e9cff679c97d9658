import type { GroupMessagesResponse } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { waMessages } from '../messages/messages.schema';

// The simulated phone replays messages at the times they were sent, so that scenarios across days (SLA
// clocks on business hours) run in a test or the demo.
describeWithDatabase('simulated incoming messages with a timestamp', (ctx) => {
  it('stores a replayed message at the time it was sent, and refuses one from the future', async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const group_id = groups[0]?.group_id ?? '';
    const url = `/sim/sessions/${sessionId}/incoming`;
    const sentAt = Math.floor(Date.now() / 1000) - 3 * 86_400;

    const replayed = await post(server, owner, url, { group_id, body: 'Three days ago', timestamp: sentAt });
    expect(replayed.status).toBe(200);
    const stored = await eventually(async () => {
      const page = await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', {
        session_id: sessionId,
        group_id,
        msg_type: 'date',
        timestamp: sentAt,
      });
      return page.body.messages.find((message) => message.body === 'Three days ago');
    });
    expect(stored.timestamp).toBe(sentAt);

    const before = await ctx.count(waMessages);
    const future = await post<{ message: string }>(server, owner, url, {
      group_id,
      body: 'Tomorrow',
      timestamp: Math.floor(Date.now() / 1000) + 3_600,
    });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(
      'The timestamp is in the future: a message can only be replayed from the past.',
    );
    for (const bad of [-5, 1.5, 'yesterday']) {
      const refused = await post(server, owner, url, { group_id, body: 'x', timestamp: bad });
      expect(refused.status).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await ctx.count(waMessages)).toBe(before);
  });
});
