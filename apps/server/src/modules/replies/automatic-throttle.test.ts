import type { FastifyReply } from 'fastify';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { createLimiter } from '../auth/rate-limit';
import { createRateLimitRepository } from '../auth/rate-limit.repository';
import { automaticThrottle } from './automatic-throttle';

// The out-of-hours reply spends a session's reply limit last (decision 0028): counted in the same per-minute
// window as the team's replies, on the real limiter, and refused while the team's last fifth is all that is left.

const reply = { header: () => reply } as unknown as FastifyReply;

describeWithDatabase('the desk’s own messages and the reply limit', (ctx) => {
  it('sends while a fifth of the minute is left for the team, and is the first thing refused', async () => {
    const limit = createLimiter({ repo: createRateLimitRepository(ctx.db), clock: ctx.clock });
    const automatic = automaticThrottle(limit, 10);
    const member = () => limit('desk-reply:s1', 10, reply);
    for (let i = 0; i < 7; i++) await member();
    // 7 of 10 spent: the automatic one may take the 8th, leaving two for the team.
    await automatic('s1');
    await expect(automatic('s1')).rejects.toMatchObject({ statusCode: 429 });
    // The team keeps both of its sends: a dropped automatic message spent nothing.
    await member();
    await member();
    await expect(member()).rejects.toMatchObject({ statusCode: 429 });
    // Another session's window is its own.
    await automatic('s2');
  });
});
