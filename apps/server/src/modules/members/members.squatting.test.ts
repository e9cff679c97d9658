import { type ExistingAccount, type MembersResponse, memberMessages, type TokenPair } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bearer, type SignedIn, signUp } from '../../../test/helpers/auth';
import { chatApi, textMessage } from '../../../test/helpers/chat-api';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/helpers/smtp';
import { teammate } from '../../../test/helpers/team';
import { chats, organisations, users, waSessions } from '../../db/schema';

// Squatting (docs/decisions/0016, Invitations): anyone may register someone else's address without verifying
// it. The address owner's invitation must still work: accepting it from the mail proves the address, and an
// unverified account of that address that holds nothing is replaced; one that holds something is kept.

const SQUATTER_PASSWORD = 'Squat!ter1';
const PASSWORD = 'Secret!B';

describeEachDatabase('invitations to an address someone else registered', (ctx) => {
  let smtp: TestSmtp;
  let app: FastifyInstance;
  let owner: SignedIn;

  const post = (url: string, who: { headers: object } | null, payload: object = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { ...(who?.headers ?? {}) } });
  const acceptWith = (token: string) =>
    post('/users/acceptInvitation/', null, {
      token,
      first_name: 'Ben',
      last_name: 'Okafor',
      password1: PASSWORD,
      password2: PASSWORD,
    });
  const lookup = async (token: string): Promise<ExistingAccount> =>
    (await post('/users/invitation/', null, { token })).json().existing_account;
  const refreshes = async (who: SignedIn) =>
    (await post('/users/refresh_token/', null, { refresh_token: who.refresh_token })).statusCode;

  /** Invites `email` from the verified owner's organisation and returns the token of the mailed link. */
  async function invite(email: string): Promise<string> {
    smtp.clear();
    const res = await post('/org/inviteMember/', owner, { email, role: 'member' });
    expect(res.statusCode, res.body).toBe(201);
    const link = linkIn(await smtp.next());
    return String(link.searchParams.get('token'));
  }

  /** Someone registers Ben's address (its own organisation, unverified). */
  async function squat(): Promise<SignedIn & { organisationId: number }> {
    const squatter = await signUp(app, { email: 'ben@example.com', password1: SQUATTER_PASSWORD });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'ben@example.com'));
    if (!row) throw new Error('no squatter');
    return { ...squatter, organisationId: row.organisationId };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    app = await ctx.buildApp({ smtpUrl: smtp.url, publicUrl: 'https://desk.example.com' });
    owner = await signUp(app);
    // The inviting owner proved their address (an unverified one may not invite: decision 0016).
    await ctx.db
      .update(users)
      .set({ emailVerifiedAt: ctx.clock() })
      .where(eq(users.email, 'ann@example.com'));
    ctx.clock.advance(1000);
  });

  it('accepting from the mail replaces an unverified account of the address that holds nothing', async () => {
    const squatter = await squat();
    const token = await invite('ben@example.com');
    expect(await lookup(token)).toBe('unverified_empty');

    const accepted = await acceptWith(token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const ben = bearer(accepted.json<TokenPair>().access_token);
    const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: ben });
    expect(check.json().user).toMatchObject({
      email: 'ben@example.com',
      role: 'member',
      email_verified: true,
    });
    const list = (
      await app.inject({ method: 'GET', url: '/org/members/', headers: owner.headers })
    ).json<MembersResponse>();
    expect(list.members.map((m) => m.email)).toEqual(['ann@example.com', 'ben@example.com']);

    // The squatter's account and its empty organisation are gone, and with them every way back in.
    expect(await ctx.count(users)).toBe(2);
    expect(await ctx.count(organisations)).toBe(1);
    expect(
      await ctx.db.select().from(organisations).where(eq(organisations.id, squatter.organisationId)),
    ).toEqual([]);
    expect(await refreshes(squatter)).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/users/authcheck/', headers: squatter.headers })).statusCode,
    ).toBe(401);
    const oldPassword = await post('/users/login/', null, {
      username: 'ben@example.com',
      password: SQUATTER_PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(
      (await post('/users/login/', null, { username: 'ben@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'a saved chat',
      async (squatter: SignedIn) => {
        const saved = await chatApi(app, squatter).save({ chat_name: 'Mine', data: [textMessage(1)] });
        expect(saved.statusCode, saved.body).toBe(201);
      },
    ],
    [
      'a WhatsApp session',
      async (_: SignedIn, organisationId: number) => {
        await ctx.db.insert(waSessions).values({ organisationId, name: 'Shop', description: 'Shop phone' });
      },
    ],
    [
      'another member',
      async (_: SignedIn, organisationId: number) => {
        await teammate(app, ctx.db, organisationId, 'cara@example.com');
      },
    ],
  ])(
    'an unverified account that holds %s is never deleted; the invitation says what to do',
    async (_, hold) => {
      const squatter = await squat();
      await hold(squatter, squatter.organisationId);
      const token = await invite('ben@example.com');
      expect(await lookup(token)).toBe('unverified_in_use');
      const usersBefore = await ctx.count(users);

      const refused = await acceptWith(token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: memberMessages.addressInUse });
      expect(await ctx.count(users)).toBe(usersBefore);
      expect(await refreshes(squatter)).toBe(200);
      // Nothing was used up: the invitation stays open for the owner to revoke or send elsewhere.
      expect(await lookup(token)).toBe('unverified_in_use');
    },
  );

  it('a verified account keeps the address: inviting it, or accepting after it was verified, is a 409', async () => {
    const squatter = await squat();
    const token = await invite('ben@example.com');
    await ctx.db
      .update(users)
      .set({ emailVerifiedAt: ctx.clock() })
      .where(eq(users.email, 'ben@example.com'));
    expect(await lookup(token)).toBe('taken');
    const accepted = await acceptWith(token);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: memberMessages.accountElsewhere });
    const again = await post('/org/inviteMember/', owner, { email: 'ben@example.com', role: 'member' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: memberMessages.accountElsewhere });
    expect(await refreshes(squatter)).toBe(200);
  });

  it('an acceptance racing a chat save of the unverified account leaves one or the other, never both', async () => {
    const [ann] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    for (let round = 0; round < 4; round++) {
      const email = `ben${round}@example.com`;
      const squatter = await signUp(app, { email, password1: SQUATTER_PASSWORD });
      smtp.clear();
      expect((await post('/org/inviteMember/', owner, { email, role: 'member' })).statusCode).toBe(201);
      const token = String(linkIn(await smtp.next()).searchParams.get('token'));
      const chatsBefore = await ctx.count(chats);
      const [accepted, saved] = await Promise.all([
        acceptWith(token),
        chatApi(app, squatter).save({ chat_name: 'Mine', data: [textMessage(1)] }),
      ]);
      const [ben] = await ctx.db.select().from(users).where(eq(users.email, email));
      if (accepted.statusCode === 201) {
        // Replaced: no chat was saved into the organisation that is gone (the squatter is signed out), and
        // Ben is in Ann's.
        expect(saved.statusCode).toBe(401);
        expect(ben?.organisationId).toBe(ann?.organisationId);
        expect(await ctx.count(chats)).toBe(chatsBefore);
      } else {
        expect(accepted.json()).toEqual({ message: memberMessages.addressInUse });
        expect(saved.statusCode).toBe(201);
        expect(ben?.organisationId).not.toBe(ann?.organisationId);
        expect(await ctx.count(chats)).toBe(chatsBefore + 1);
      }
    }
  });
});
