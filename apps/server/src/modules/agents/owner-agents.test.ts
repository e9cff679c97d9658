import type { Agent, SessionStatusResponse } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { eventually, FAST_WHATSAPP, linkSession, post, sessionStatus } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { waSessionEvents } from '../../db/schema';
import { createAgentsRepository } from './agents.repository';
import { createAgentsService } from './agents.service';

describeWithDatabase('owner agents', (ctx) => {
  it("lists the linked account's own number as an owner agent named after the session, once", async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(app);
    const { sessionId } = await linkSession(app, owner, 'FrontDesk');
    const status = (
      await post<SessionStatusResponse>(app, owner, '/api/sessionStatus/', { sessionID: sessionId })
    ).body;
    await internalsOf(app).ownerAgentsSettled();
    const list = (await org<Agent[]>(app, owner, 'listAgent')).body;
    expect(list).toEqual([
      expect.objectContaining({
        agent_name: 'FrontDesk',
        agent_number: `+${status.phone}`,
        user_type: 'owner',
      }),
    ]);

    // Counted in the session's health events: right after the failure is injected the status can still
    // read "connected" from before it, and the owner agent is not back yet.
    const connects = async () =>
      (
        await ctx.db
          .select({ id: waSessionEvents.id })
          .from(waSessionEvents)
          .where(and(eq(waSessionEvents.sessionId, sessionId), eq(waSessionEvents.kind, 'connected')))
      ).length;
    const reconnect = async () => {
      const before = await connects();
      await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'restart_required' });
      await eventually(async () => (await connects()) > before);
      await eventually(async () => (await sessionStatus(app, owner, sessionId)).status === 'connected');
      await internalsOf(app).ownerAgentsSettled();
      return (await org<Agent[]>(app, owner, 'listAgent')).body;
    };
    // Every (re)connect reports "connected" with the phone: a removed owner agent comes back, never twice.
    await org(app, owner, 'removeAgent', { agent_id: list[0]?.id });
    expect(await reconnect()).toEqual([
      expect.objectContaining({ agent_name: 'FrontDesk', user_type: 'owner' }),
    ]);
    expect(await reconnect()).toHaveLength(1);
  });

  it('keeps an agent already added by hand with that number as it is', async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(app);
    // The simulator's phone number is derived from the session id, so learn it from a first session.
    const first = await linkSession(app, owner, 'Probe');
    const phone = (
      await post<SessionStatusResponse>(app, owner, '/api/sessionStatus/', { sessionID: first.sessionId })
    ).body.phone;
    await internalsOf(app).ownerAgentsSettled();
    const [probe] = (await org<Agent[]>(app, owner, 'listAgent')).body;
    await org(app, owner, 'removeAgent', { agent_id: probe?.id });
    await org(app, owner, 'addAgent', { agent_name: 'Me by hand', agent_number: `+${phone}` });

    await post(app, owner, `/sim/sessions/${first.sessionId}/fail`, { kind: 'restart_required' });
    await eventually(
      async () =>
        (
          await post<SessionStatusResponse>(app, owner, '/api/sessionStatus/', {
            sessionID: first.sessionId,
          })
        ).body.status === 'connected',
    );
    await internalsOf(app).ownerAgentsSettled();
    expect((await org<Agent[]>(app, owner, 'listAgent')).body).toEqual([
      expect.objectContaining({ agent_name: 'Me by hand', user_type: 'user' }),
    ]);
  });

  it("takes the account's digits as they are, even where number tables know no such range", async () => {
    const { organisationId, user } = await deskFixture(ctx);
    const agents = createAgentsService({ repo: createAgentsRepository(ctx.db) });
    expect(await agents.ensureOwner(organisationId, '910087880391', 'Support')).toBe(true);
    expect(await agents.ensureOwner(organisationId, '910087880391', 'Again')).toBe(false);
    expect(await agents.ensureOwner(organisationId, '12', 'Too short')).toBe(false);
    expect((await org<Agent[]>(ctx.app, user, 'listAgent')).body).toEqual([
      expect.objectContaining({ agent_name: 'Support', agent_number: '+910087880391', user_type: 'owner' }),
    ]);
  });
});
