import type { GroupMessage, GroupMessagesResponse } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { formatNumber } from '../messages/group-message';

describeWithDatabase('quoted message authors', (ctx) => {
  it('names the quoted author (also in a LID group) and marks quotes of our own messages', async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(app);
    const { sessionId, groups } = await linkSession(app, owner);
    let own = 0;
    let others = 0;
    let lid = 0;
    for (const group of groups) {
      const { messages } = (
        await post<GroupMessagesResponse>(app, owner, '/api/getGroupsMsg/', {
          session_id: sessionId,
          group_id: group.group_id,
        })
      ).body;
      const byId = new Map(messages.map((m) => [m.id, m]));
      for (const message of messages.filter((m) => m.has_quoted_msg)) {
        const quoted = byId.get(message.quoted_msg_id ?? '') as GroupMessage | undefined;
        // A quote of an unstored message may name nobody (the simulator's own quotes carry no participant).
        if (!quoted) continue;
        // A stored quoted message is never unnamed: a name, or at least the number.
        expect(message.quoted_participant_name).toBeTruthy();
        expect(message.quoted_from_me).toBe(quoted.from_me);
        if (quoted.from_me) {
          own++;
          continue;
        }
        others++;
        if (quoted.author?.endsWith('@lid')) lid++;
        expect(message.quoted_participant_number).toBe(quoted.author_number);
        expect(message.quoted_participant_name).toBe(
          quoted.author_name ?? formatNumber(quoted.author_number ?? ''),
        );
      }
    }
    // The simulated history quotes members and the linked phone; one group (Store Managers) addresses members by LID.
    expect(own).toBeGreaterThan(0);
    expect(others).toBeGreaterThan(0);
    expect(lid).toBeGreaterThan(0);
  });
});
