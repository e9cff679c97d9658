import type { AuditLogResponse, StartSessionResponse, TokenPair } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bearer, type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { type FakeGoogle, GOOGLE_CLIENT_ID, startFakeGoogle } from '../../../test/helpers/fake-google';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/helpers/smtp';
import { FAST_WHATSAPP, post } from '../../../test/helpers/whatsapp';
import { auditLog, users } from '../../db/schema';

// The audit log (docs/decisions/0019): each action of the members, sign-in, session and agent calls leaves exactly its entry,
// with the member who did it and what it was done to, and only its own organisation reads it.

const PASSWORD = 'Secret!B';

describeWithDatabase('audit entries of the desk', (ctx) => {
  let smtp: TestSmtp;
  let google: FakeGoogle;
  let app: FastifyInstance;
  let owner: SignedIn;
  let ownerId: number;

  beforeAll(async () => {
    [smtp, google] = await Promise.all([startTestSmtp(), startFakeGoogle()]);
  });
  afterAll(async () => {
    await smtp.close();
    await google.close();
  });
  beforeEach(async () => {
    app = await ctx.buildApp(
      { smtpUrl: smtp.url, googleClientId: GOOGLE_CLIENT_ID, googleJwksUrl: google.jwksUrl },
      { whatsapp: FAST_WHATSAPP },
    );
    owner = await signUpVerified(app);
    ownerId = await userId('ann@example.com');
  });

  async function userId(email: string): Promise<number> {
    const rows = await ctx.db.select({ id: users.id, email: users.email }).from(users);
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  /** Every entry of `who`'s organisation, oldest first, without ids and times. */
  async function entries(who: SignedIn) {
    const res = await post<AuditLogResponse>(app, who, '/org/getAuditLog/', { limit: 200 });
    expect(res.status, res.raw.body).toBe(200);
    return res.body.entries.reverse().map(({ actor_id, actor_name, action, target, details }) => ({
      actor_id,
      actor_name,
      action,
      target,
      details,
    }));
  }

  /** The entries written while `act` ran. */
  async function during(act: () => Promise<unknown>) {
    const before = (await entries(owner)).length;
    await act();
    return (await entries(owner)).slice(before);
  }

  const ann = 'Ann Lee <ann@example.com>';
  const expectOk = async <T extends { status: number; raw: { body: string } }>(
    pending: Promise<T>,
    status = 200,
  ): Promise<T> => {
    const res = await pending;
    expect(res.status, res.raw.body).toBe(status);
    return res;
  };

  it('records sign-ins by registration, password and Google, each once', async () => {
    expect(await entries(owner)).toEqual([
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'auth.signed_in',
        target: 'ann@example.com',
        details: { method: 'registration' },
      },
    ]);
    const written = await during(async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/users/login/',
        payload: { username: 'ann@example.com', password: 'Secret!A' },
      });
      expect(login.statusCode).toBe(200);
      // A wrong password signs nobody in and records nothing.
      const wrong = await app.inject({
        method: 'POST',
        url: '/users/login/',
        payload: { username: 'ann@example.com', password: 'Wrong!AA' },
      });
      expect(wrong.statusCode).toBe(401);
    });
    expect(written).toEqual([
      expect.objectContaining({
        actor_id: ownerId,
        action: 'auth.signed_in',
        details: { method: 'password' },
      }),
    ]);

    const gina = await app.inject({
      method: 'POST',
      url: '/users/google-login-internal/',
      payload: { credential: await google.idToken({ email: 'gina@example.com' }) },
    });
    expect(gina.statusCode).toBe(200);
    const ginaHeaders = bearer(gina.json<TokenPair>().access_token);
    const ginaLog = await entries({ ...gina.json<TokenPair>(), headers: ginaHeaders });
    expect(ginaLog).toEqual([
      {
        actor_id: await userId('gina@example.com'),
        actor_name: 'Gina Gold <gina@example.com>',
        action: 'auth.signed_in',
        target: 'gina@example.com',
        details: { method: 'google' },
      },
    ]);
    // Gina's organisation is another one: Ann's log does not show her sign-in, nor hers Ann's.
    expect((await entries(owner)).map((e) => e.target)).not.toContain('gina@example.com');
  });

  it('records invitations, revocations, joins, role changes, agent links and removals', async () => {
    const invite = async (email: string, role: 'admin' | 'member') => {
      smtp.clear();
      const res = await expectOk(post(app, owner, '/org/inviteMember/', { email, role }), 201);
      return {
        id: (res.body as { id: number }).id,
        token: String(linkIn(await smtp.next()).searchParams.get('token')),
      };
    };
    let first = { id: 0, token: '' };
    expect(
      await during(async () => {
        first = await invite('ben@example.com', 'member');
      }),
    ).toEqual([
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'member.invited',
        target: 'ben@example.com',
        details: { role: 'member' },
      },
    ]);
    expect(
      await during(async () => {
        await expectOk(post(app, owner, '/org/revokeInvitation/', { invitation_id: first.id }));
        // Revoking it again changes nothing and records nothing.
        await expectOk(post(app, owner, '/org/revokeInvitation/', { invitation_id: first.id }), 404);
      }),
    ).toEqual([
      expect.objectContaining({
        actor_id: ownerId,
        action: 'member.invitation_revoked',
        target: 'ben@example.com',
        details: { role: 'member' },
      }),
    ]);

    const second = await invite('ben@example.com', 'admin');
    let benTokens: TokenPair | undefined;
    const joined = await during(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/users/acceptInvitation/',
        payload: {
          token: second.token,
          first_name: 'Ben',
          last_name: 'Okafor',
          password1: PASSWORD,
          password2: PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      benTokens = res.json<TokenPair>();
    });
    const benId = await userId('ben@example.com');
    const ben = 'Ben Okafor <ben@example.com>';
    expect(joined).toEqual([
      {
        actor_id: benId,
        actor_name: ben,
        action: 'member.joined',
        target: 'ben@example.com',
        details: { role: 'admin' },
      },
      {
        actor_id: benId,
        actor_name: ben,
        action: 'auth.signed_in',
        target: 'ben@example.com',
        details: { method: 'invitation' },
      },
    ]);
    // An admin reads the log too.
    if (!benTokens) throw new Error('no tokens');
    expect(
      await post(app, { ...benTokens, headers: bearer(benTokens.access_token) }, '/org/getAuditLog/'),
    ).toMatchObject({
      status: 200,
    });

    expect(
      await during(async () => {
        await expectOk(post(app, owner, '/org/changeMemberRole/', { user_id: benId, role: 'member' }));
        // The same role again is no change.
        await expectOk(post(app, owner, '/org/changeMemberRole/', { user_id: benId, role: 'member' }));
      }),
    ).toEqual([
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'member.role_changed',
        target: 'ben@example.com',
        details: { from: 'admin', to: 'member' },
      },
    ]);

    const agent = await expectOk(
      post(app, owner, '/org/addAgent/', { agent_name: 'Dev', agent_number: '+4917000000001' }),
      201,
    );
    const agentId = (agent.body as { id: number }).id;
    expect(
      await during(() =>
        expectOk(post(app, owner, '/org/linkMemberAgent/', { user_id: benId, agent_id: agentId })),
      ),
    ).toEqual([
      expect.objectContaining({
        action: 'member.agent_linked',
        target: 'ben@example.com',
        details: { agent_id: agentId, agent_name: 'Dev' },
      }),
    ]);

    expect(await during(() => expectOk(post(app, owner, '/org/removeMember/', { user_id: benId })))).toEqual([
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'member.removed',
        target: 'ben@example.com',
        details: { role: 'member' },
      },
    ]);
    // Ben's own entries keep his name after he is gone.
    expect((await entries(owner)).filter((e) => e.actor_id === benId).map((e) => e.actor_name)).toEqual([
      ben,
      ben,
    ]);
  });

  it('records agents added, edited and removed, and nothing for a refused call', async () => {
    const written = await during(async () => {
      const added = await expectOk(
        post(app, owner, '/org/addAgent/', { agent_name: 'Priya', agent_number: '+919876543210' }),
        201,
      );
      const id = (added.body as { id: number }).id;
      // A duplicate number is refused: no entry.
      await expectOk(
        post(app, owner, '/org/addAgent/', { agent_name: 'P2', agent_number: '+919876543210' }),
        409,
      );
      await expectOk(
        post(app, owner, '/org/editAgent/', {
          agent_id: id,
          agent_name: 'Priya S',
          agent_number: '+919876543210',
        }),
      );
      await expectOk(post(app, owner, '/org/removeAgent/', { agent_id: id }));
      await expectOk(post(app, owner, '/org/removeAgent/', { agent_id: id }), 404);
      return id;
    });
    const agentId = written[0]?.details.agent_id;
    expect(written).toEqual([
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'agent.added',
        target: 'Priya (+919876543210)',
        details: { agent_id: agentId },
      },
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'agent.edited',
        target: 'Priya S (+919876543210)',
        details: { agent_id: agentId, was: { name: 'Priya' } },
      },
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'agent.removed',
        target: 'Priya S (+919876543210)',
        details: { agent_id: agentId },
      },
    ]);
  });

  it('records sessions created and terminated (a repeated terminate records nothing)', async () => {
    let sessionId = '';
    const written = await during(async () => {
      const started = await expectOk(
        post<StartSessionResponse>(app, owner, '/api/startSession/', {
          session_name: 'Support',
          description: 'main',
        }),
      );
      sessionId = (started.body as StartSessionResponse).sessionID;
      // Starting an active session again only reconnects it.
      await expectOk(
        post(app, owner, '/api/startSession/', { session_name: 'Support', description: 'main' }),
      );
      await expectOk(post(app, owner, '/api/terminateSession/', { sessionID: sessionId }));
      await expectOk(post(app, owner, '/api/terminateSession/', { sessionID: sessionId }));
      // Starting the terminated session again creates it anew.
      await expectOk(
        post(app, owner, '/api/startSession/', { session_name: 'Support', description: 'main' }),
      );
    });
    expect(written).toEqual([
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'session.created',
        target: 'Support',
        details: { session_id: sessionId },
      },
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'session.terminated',
        target: 'Support',
        details: { session_id: sessionId },
      },
      {
        actor_id: ownerId,
        actor_name: ann,
        action: 'session.created',
        target: 'Support',
        details: { session_id: sessionId, reactivated: true },
      },
    ]);
  });

  it("never shows another organisation's entries", async () => {
    const other = await signUpVerified(app, { email: 'olga@example.com', first_name: 'Olga' });
    await expectOk(
      post(app, other, '/org/addAgent/', { agent_name: 'X', agent_number: '+14155552671' }),
      201,
    );
    await expectOk(
      post(app, owner, '/org/addAgent/', { agent_name: 'Y', agent_number: '+14155552672' }),
      201,
    );
    const mine = await entries(owner);
    const theirs = await entries(other);
    expect(mine.map((e) => e.target)).toEqual(['ann@example.com', 'Y (+14155552672)']);
    expect(theirs.map((e) => e.target)).toEqual(['olga@example.com', 'X (+14155552671)']);
    expect(await ctx.count(auditLog)).toBe(4);
  });
});
