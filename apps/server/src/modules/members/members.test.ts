import { type MembersResponse, memberMessages, type TokenPair } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, type SignedIn, signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { openStream } from '../../../test/helpers/event-stream';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/helpers/smtp';
import { eventually, FAST_WHATSAPP } from '../../../test/helpers/whatsapp';
import { invitations, users } from '../../db/schema';
import { INVITATION_TTL_MS } from './members.service';

// Members share one organisation's desk (docs/decisions/0016): an owner invites by email, the invited person
// creates their account from the link, and role changes and removals take effect at once.

const PASSWORD = 'Secret!B';

describeEachDatabase('members and invitations', (ctx) => {
  let smtp: TestSmtp;
  let app: FastifyInstance;
  let owner: SignedIn;

  const post = (url: string, who: { headers: object } | null, payload: object = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { ...(who?.headers ?? {}) } });
  const members = async (who: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/org/members/', headers: who.headers })).json<MembersResponse>();

  /** Invites `email` and returns the token of the mailed link. */
  async function invite(email: string, role: 'admin' | 'member' = 'member'): Promise<string> {
    smtp.clear();
    const res = await post('/org/inviteMember/', owner, { email, role });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.next();
    expect(mail.to).toEqual([email]);
    // Names who invites and where (the signed-up owner is Ann Lee of her own organisation).
    expect(mail.text).toMatch(
      /Ann Lee invited you to join the .+ support desk on wadesk as (a member|an admin)/,
    );
    expect(mail.raw).toMatch(/^Subject: Ann Lee invited you to .+ on wadesk/m);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/accept-invitation');
    return String(link.searchParams.get('token'));
  }

  async function join(email: string, role: 'admin' | 'member' = 'member'): Promise<SignedIn> {
    const token = await invite(email, role);
    const res = await post('/users/acceptInvitation/', null, {
      token,
      first_name: 'Ben',
      last_name: 'Okafor',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    const tokens = res.json<TokenPair>();
    return { ...tokens, headers: bearer(tokens.access_token) };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    app = await ctx.buildApp({ smtpUrl: smtp.url, publicUrl: 'https://desk.example.com' });
    owner = await signUp(app);
  });

  it('an invited person opens the link, creates their account in the organisation and is signed in', async () => {
    const token = await invite('ben@example.com');
    const lookup = await post('/users/invitation/', null, { token });
    expect(lookup.json()).toMatchObject({ email: 'ben@example.com', role: 'member' });
    expect(typeof lookup.json().organisation_name).toBe('string');

    const accepted = await post('/users/acceptInvitation/', null, {
      token,
      first_name: 'Ben',
      last_name: 'Okafor',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(accepted.statusCode).toBe(201);
    const ben = bearer(accepted.json<TokenPair>().access_token);
    const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: ben });
    expect(check.json().user).toMatchObject({
      email: 'ben@example.com',
      role: 'member',
      email_verified: true,
    });

    const list = await members(owner);
    expect(list.members.map((m) => [m.email, m.role])).toEqual([
      ['ann@example.com', 'owner'],
      ['ben@example.com', 'member'],
    ]);
    expect(list.invitations).toEqual([]);
    // Ben signs in with his password like anyone else.
    const login = await post('/users/login/', null, { username: 'ben@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('a link works once, not after it expired, nor after the owner revoked it or invited again', async () => {
    const body = (token: string) => ({
      token,
      first_name: 'Ben',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    const used = await invite('ben@example.com');
    expect((await post('/users/acceptInvitation/', null, body(used))).statusCode).toBe(201);
    const again = await post('/users/acceptInvitation/', null, body(used));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: memberMessages.invitationInvalid });

    const first = await invite('dan@example.com');
    const second = await invite('dan@example.com');
    expect((await post('/users/acceptInvitation/', null, body(first))).statusCode).toBe(400);
    const open = await members(owner);
    expect(open.invitations.map((i) => i.email)).toEqual(['dan@example.com']);
    const revoked = await post('/org/revokeInvitation/', owner, { invitation_id: open.invitations[0]?.id });
    expect(revoked.statusCode).toBe(200);
    expect((await post('/users/acceptInvitation/', null, body(second))).statusCode).toBe(400);
    expect(await ctx.count(users)).toBe(2);

    const expired = await invite('cara@example.com');
    ctx.clock.advance(INVITATION_TTL_MS + 1);
    expect((await post('/users/invitation/', null, { token: expired })).statusCode).toBe(400);
    expect((await post('/users/acceptInvitation/', null, body(expired))).statusCode).toBe(400);
  });

  it('refuses to invite a member of this organisation or an account of another one', async () => {
    await join('ben@example.com');
    const same = await post('/org/inviteMember/', owner, { email: 'Ben@Example.com', role: 'member' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: memberMessages.alreadyMember });
    // A verified account elsewhere (an unverified one may be a squatter's: members.squatting.test.ts).
    await signUp(app, { email: 'zoe@example.com' });
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, 'zoe@example.com'));
    const elsewhere = await post('/org/inviteMember/', owner, { email: 'zoe@example.com', role: 'admin' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ message: memberMessages.accountElsewhere });
    const ownerRole = await post('/org/inviteMember/', owner, { email: 'x@example.com', role: 'owner' });
    expect(ownerRole.statusCode).toBe(400);
    expect(await ctx.count(invitations)).toBe(1);
  });

  it('a verified account made elsewhere after the invitation was sent cannot accept it', async () => {
    const token = await invite('ben@example.com');
    await signUp(app, { email: 'ben@example.com' });
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, 'ben@example.com'));
    const res = await post('/users/acceptInvitation/', null, {
      token,
      first_name: 'Ben',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: memberMessages.accountElsewhere });
  });

  it('a role change takes effect at once: the next request has the new role and the sign-in must be renewed', async () => {
    const ben = await join('ben@example.com', 'admin');
    const agent = { agent_name: 'Desk phone', agent_number: '+919876543210' };
    expect((await post('/org/addAgent/', ben, agent)).statusCode).toBe(201);
    const benId = (await members(owner)).members.find((m) => m.email === 'ben@example.com')?.id;
    const changed = await post('/org/changeMemberRole/', owner, { user_id: benId, role: 'member' });
    expect(changed.json()).toMatchObject({ email: 'ben@example.com', role: 'member' });
    // The same access token, one request later: refused what only admins may do.
    const refused = await post('/org/addAgent/', ben, { ...agent, agent_number: '+919876543211' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: memberMessages.forbidden });
    const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: ben.headers });
    expect(check.json().user.role).toBe('member');
    expect((await post('/users/refresh_token/', null, { refresh_token: ben.refresh_token })).statusCode).toBe(
      401,
    );
  });

  it('a removed member is signed out at once and their account is gone', async () => {
    const ben = await join('ben@example.com');
    const benId = (await members(owner)).members.find((m) => m.email === 'ben@example.com')?.id;
    expect((await post('/org/removeMember/', owner, { user_id: benId })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/org/members/', headers: ben.headers })).statusCode).toBe(
      401,
    );
    expect((await post('/users/refresh_token/', null, { refresh_token: ben.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await members(owner)).members.map((m) => m.email)).toEqual(['ann@example.com']);
  });

  it('the organisation keeps at least one owner', async () => {
    const annId = (await members(owner)).members[0]?.id;
    for (const [url, body] of [
      ['/org/changeMemberRole/', { user_id: annId, role: 'admin' }],
      ['/org/removeMember/', { user_id: annId }],
    ] as const) {
      const res = await post(url, owner, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: memberMessages.lastOwner });
    }
    // With a second owner, the first may step down.
    const ben = await join('ben@example.com', 'admin');
    const benId = (await members(owner)).members.find((m) => m.email === 'ben@example.com')?.id;
    await post('/org/changeMemberRole/', owner, { user_id: benId, role: 'owner' });
    expect((await post('/org/changeMemberRole/', owner, { user_id: annId, role: 'member' })).statusCode).toBe(
      200,
    );
    expect(ben).toBeDefined();
  });

  it('two owners demoting each other at once leave one owner', async () => {
    await join('ben@example.com', 'admin');
    const list = (await members(owner)).members;
    const annId = list[0]?.id;
    const benId = list[1]?.id;
    await post('/org/changeMemberRole/', owner, { user_id: benId, role: 'owner' });
    const ben = bearer(
      (
        await post('/users/login/', null, { username: 'ben@example.com', password: PASSWORD })
      ).json<TokenPair>().access_token,
    );
    const results = await Promise.all([
      post('/org/changeMemberRole/', owner, { user_id: benId, role: 'member' }),
      post('/org/changeMemberRole/', { headers: ben }, { user_id: annId, role: 'member' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    // One wins; the other is refused: as the last owner (409), as no longer an owner when its request was
    // authenticated after the first change (403, the role is read on every request), or signed out (401).
    expect(codes[0]).toBe(200);
    expect([401, 403, 409]).toContain(codes[1]);
    const rows = await ctx.db.select({ role: users.role }).from(users);
    expect(rows.filter((r) => r.role === 'owner')).toHaveLength(1);
  });

  it('links a member to an agent of the organisation only, one member per agent', async () => {
    await join('ben@example.com');
    const benId = (await members(owner)).members.find((m) => m.email === 'ben@example.com')?.id;
    const annId = (await members(owner)).members[0]?.id;
    const agent = (
      await post('/org/addAgent/', owner, { agent_name: 'Ben', agent_number: '+919876543210' })
    ).json();
    const linked = await post('/org/linkMemberAgent/', owner, { user_id: benId, agent_id: agent.id });
    expect(linked.json()).toMatchObject({ email: 'ben@example.com', agent_id: agent.id });
    const taken = await post('/org/linkMemberAgent/', owner, { user_id: annId, agent_id: agent.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: memberMessages.agentTaken });

    const other = await signUp(app, { email: 'zoe@example.com' });
    const foreign = (
      await post('/org/addAgent/', other, { agent_name: 'Zoe', agent_number: '+919876543211' })
    ).json();
    const refused = await post('/org/linkMemberAgent/', owner, { user_id: annId, agent_id: foreign.id });
    expect(refused.statusCode).toBe(404);
    // Zoe's organisation cannot touch Ann's members.
    for (const [url, body] of [
      ['/org/linkMemberAgent/', { user_id: benId, agent_id: null }],
      ['/org/changeMemberRole/', { user_id: benId, role: 'owner' }],
      ['/org/removeMember/', { user_id: benId }],
    ] as const) {
      const res = await post(url, other, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: memberMessages.notFound });
    }
    expect((await members(owner)).members.find((m) => m.id === benId)?.agent_id).toBe(agent.id);
    const unlinked = await post('/org/linkMemberAgent/', owner, { user_id: benId, agent_id: null });
    expect(unlinked.json().agent_id).toBeNull();
  });

  it("closes a member's event streams when their role changes or they are removed", async () => {
    const server = await ctx.buildApp(
      { smtpUrl: smtp.url, eventStreamCheckMs: 50 },
      { whatsapp: FAST_WHATSAPP },
    );
    await server.listen({ host: '127.0.0.1', port: 0 });
    app = server;
    owner = await signUp(app, { email: 'olga@example.com' });
    const ben = await join('ben@example.com');
    const cara = await join('cara@example.com');
    const open = async (who: SignedIn) => {
      const token = (await post('/events/stream-token/', who)).json().stream_token;
      const stream = await openStream(app, `stream_token=${token}`);
      await eventually(() => stream.events[0]?.type === 'ready', 2_000, 'ready');
      return stream;
    };
    const benStream = await open(ben);
    const caraStream = await open(cara);
    const ownerStream = await open(owner);
    const list = (await members(owner)).members;
    const id = (email: string) => list.find((m) => m.email === email)?.id;
    await post('/org/changeMemberRole/', owner, { user_id: id('ben@example.com'), role: 'admin' });
    await eventually(() => benStream.ended(), 3_000, "ben's stream ended");
    await post('/org/removeMember/', owner, { user_id: id('cara@example.com') });
    await eventually(() => caraStream.ended(), 3_000, "cara's stream ended");
    expect(ownerStream.ended()).toBe(false);
    // Every change reaches the organisation's open Members pages as one refetch signal.
    const updates = () => ownerStream.events.filter((event) => event.type === 'members.updated').length;
    await eventually(() => updates() >= 2, 3_000, 'members.updated after the role change and removal');
    const before = updates();
    await invite('dev@example.com');
    await eventually(() => updates() > before, 3_000, 'members.updated after an invitation');
    ownerStream.close();
  });

  describe('what members may not do', () => {
    it('a member sees the members but not the invitations, and cannot invite', async () => {
      await invite('cara@example.com');
      const ben = await join('ben@example.com');
      const seen = await members(ben);
      expect(seen.members).toHaveLength(2);
      expect(seen.invitations).toEqual([]);
      const res = await post('/org/inviteMember/', ben, { email: 'dan@example.com', role: 'member' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: memberMessages.forbidden });
    });
  });
});
