import { randomUUID } from 'node:crypto';
import { type MembersResponse, memberMessages, type TokenPair } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  openVerificationLink,
  type SignedIn,
  signUp,
  signUpVerified,
} from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { openStream } from '../../../test/helpers/event-stream';
import { headerOf, linkIn, startTestSmtp, type TestSmtp } from '../../../test/helpers/smtp';
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
    // The subject is one fixed sentence; who invites and where are quoted in the body (the signed-up owner
    // is Ann Lee of her own organisation).
    expect(headerOf(mail, 'subject')).toBe('You are invited to a team on wadesk');
    expect(mail.text).toMatch(/You are invited to join a team on wadesk as (a member|an admin)\./);
    expect(mail.text).toContain('Invited by: "Ann Lee"');
    expect(mail.text).toContain('Organisation: "Ann\'s organisation"');
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

  /** An owner who registers and opens the verification mail, as inviting needs (decision 0016). */
  async function verifiedOwner(email?: string): Promise<SignedIn> {
    smtp.clear();
    const signedUp = await signUp(app, email ? { email } : {});
    await openVerificationLink(app, await smtp.next());
    smtp.clear();
    return signedUp;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    app = await ctx.buildApp({ smtpUrl: smtp.url, publicUrl: 'https://desk.example.com' });
    owner = await verifiedOwner();
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

    const other = await signUpVerified(app, { email: 'zoe@example.com' });
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
    owner = await verifiedOwner('olga@example.com');
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

  describe('invitations nobody can abuse', () => {
    const MINUTE = 60 * 1000;
    const HOUR = 60 * MINUTE;
    const send = (who: SignedIn, email: string) => post('/org/inviteMember/', who, { email, role: 'member' });
    /** Signed in again: the clock moves past the access token's 15 minutes. */
    const again = async (email = 'ann@example.com'): Promise<SignedIn> => {
      const res = await post('/users/login/', null, { username: email, password: 'Secret!A' });
      const tokens = res.json<TokenPair>();
      return { ...tokens, headers: bearer(tokens.access_token) };
    };

    it('names the inviter and the organisation only in the body, quoted, as text that opens nothing', async () => {
      // Both names are free text the inviter chose (the organisation's is built from the first name).
      const eve = await signUpVerified(app, {
        email: 'eve@example.com',
        first_name: 'Eve\r\nBcc: spy@evil.example\r\n\r\nhttps://evil.example/login',
        last_name: '<a href="http://evil.example">Your boss</a>',
      });
      smtp.clear();
      expect((await send(eve, 'ben@example.com')).statusCode).toBe(201);
      const mail = await smtp.next();
      expect(mail.to).toEqual(['ben@example.com']);
      expect(headerOf(mail, 'subject')).toBe('You are invited to a team on wadesk');
      expect(headerOf(mail, 'bcc')).toBeNull();
      expect(headerOf(mail, 'content-type')).toMatch(/^text\/plain/);
      // The one link is the invitation's; the names keep their words but no address, tag or line break.
      expect(mail.text.match(/https?:|www\.|[\w-]+\.example/gi)).toEqual(['https:', 'desk.example']);
      expect(mail.text).not.toMatch(/[<>@]/);
      expect(mail.text).toContain(
        'Invited by: "Eve Bcc spy evil example https evil example login a href http evil example Your boss a"',
      );
      expect(mail.text).toContain(
        'Organisation: "Eve Bcc spy evil example https evil example login\'s organisation"',
      );
    });

    it('sends one address at most 3 invitation mails an hour, re-sends and other organisations included', async () => {
      for (let i = 0; i < 3; i++) await invite('ben@example.com');
      const open = (await members(owner)).invitations;
      smtp.clear();
      const refused = await send(owner, 'ben@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message:
          'This address has already been sent 3 invitations in the last hour. Try again in 60 minutes.',
      });
      expect(refused.headers['retry-after']).toBe('3600');
      // Refused changes nothing: no mail, the last link stays the open one.
      expect((await members(owner)).invitations).toEqual(open);
      // Another organisation cannot add a fourth mail either; other addresses are not held up.
      ctx.clock.advance(20 * MINUTE);
      const zoe = await signUpVerified(app, { email: 'zoe@example.com' });
      smtp.clear();
      const elsewhere = await send(zoe, 'ben@example.com');
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json().message).toMatch(/Try again in 40 minutes\.$/);
      expect((await send(zoe, 'cara@example.com')).statusCode).toBe(201);
      expect(smtp.mails.map((m) => m.to)).toEqual([['cara@example.com']]);
      // An hour after the first mail, one more may go.
      ctx.clock.advance(40 * MINUTE + 1);
      expect((await send(await again('zoe@example.com'), 'ben@example.com')).statusCode).toBe(201);
    });

    it('counts only mails that went out: a mail server that refuses holds nothing against the address', async () => {
      const broken = await ctx.buildApp({ smtpUrl: 'smtp://127.0.0.1:1' });
      for (let i = 0; i < 4; i++) {
        const res = await broken.inject({
          method: 'POST',
          url: '/org/inviteMember/',
          headers: owner.headers,
          payload: { email: 'ben@example.com', role: 'member' },
        });
        expect(res.json()).toEqual({ message: memberMessages.mailFailed });
      }
      for (let i = 0; i < 3; i++) await invite('ben@example.com');
    });

    it('three invitations to one address at once send three mails, not more', async () => {
      smtp.clear();
      const results = await Promise.all(Array.from({ length: 5 }, () => send(owner, 'ben@example.com')));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
      expect(smtp.mails).toHaveLength(3);
      expect((await members(owner)).invitations).toHaveLength(1);
    });

    it('several organisations inviting one address at once send it three mails, not more', async () => {
      const others = await Promise.all(
        ['zoe', 'yan', 'xia', 'wim'].map((name) => signUpVerified(app, { email: `${name}@example.com` })),
      );
      smtp.clear();
      const results = await Promise.all(
        [owner, ...others].map((inviter) => send(inviter, 'ben@example.com')),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
      expect(smtp.mails).toHaveLength(3);
    });

    it('an organisation sends at most 20 invitations an hour and 100 a day', async () => {
      const [ann] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
      /** Invitations the organisation sent `agoMs` before now, as the earlier mails left them. */
      const sentEarlier = (count: number, agoMs: number) =>
        ctx.db.insert(invitations).values(
          Array.from({ length: count }, () => {
            const id = randomUUID();
            return {
              organisationId: Number(ann?.organisationId),
              email: `${id}@example.com`,
              role: 'member' as const,
              tokenHash: id,
              createdAt: new Date(ctx.clock().getTime() - agoMs),
              expiresAt: new Date(ctx.clock().getTime() - agoMs + INVITATION_TTL_MS),
            };
          }),
        );
      smtp.clear();
      await sentEarlier(19, 30 * MINUTE);
      expect((await send(owner, 'ben@example.com')).statusCode).toBe(201);
      const hourly = await send(owner, 'cara@example.com');
      expect(hourly.statusCode).toBe(429);
      expect(hourly.json()).toEqual({
        message:
          'Your organisation has sent 20 invitations in the last hour, the most allowed. Try again in 30 minutes.',
      });
      expect(hourly.headers['retry-after']).toBe(String(30 * 60));

      // Half an hour later the 19 leave the hour, and the organisation's 100th invitation of the day goes.
      ctx.clock.advance(30 * MINUTE + 1);
      owner = await again();
      await sentEarlier(79, 20 * HOUR);
      expect((await send(owner, 'cara@example.com')).statusCode).toBe(201);
      const daily = await send(owner, 'dan@example.com');
      expect(daily.statusCode).toBe(429);
      expect(daily.json()).toEqual({
        message:
          'Your organisation has sent 100 invitations in the last 24 hours, the most allowed. Try again in 4 hours.',
      });
      expect(smtp.mails.map((m) => m.to)).toEqual([['ben@example.com'], ['cara@example.com']]);
      ctx.clock.advance(4 * HOUR);
      owner = await again();
      expect((await send(owner, 'dan@example.com')).statusCode).toBe(201);
    });
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
