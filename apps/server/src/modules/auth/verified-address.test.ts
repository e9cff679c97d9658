import { type AuthUser, type MembersResponse, type TokenPair, verifyFirst } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bearer, openVerificationLink, type SignedIn, signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { type FakeGoogle, GOOGLE_CLIENT_ID, startFakeGoogle } from '../../../test/helpers/fake-google';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/helpers/smtp';
import { teammate } from '../../../test/helpers/team';
import { invitations, waSessions } from '../../db/schema';

// An unverified account holds no power over others (docs/decisions/0016-members-and-roles.md): until its
// address is verified — by the mailed link, Google or an accepted invitation — it cannot invite, change
// roles, remove members or link WhatsApp accounts; everything else works as before.

const PASSWORD = 'Secret!B';

describeEachDatabase('an unverified address', (ctx) => {
  let smtp: TestSmtp;
  let google: FakeGoogle;
  let app: FastifyInstance;
  let owner: SignedIn;

  const post = (url: string, who: { headers: object }, payload: object = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { ...who.headers } });
  const authUser = async (who: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/users/authcheck/', headers: who.headers })).json<{
      user: AuthUser;
    }>().user;
  const organisationId = async () => (await authUser(owner)).organisation_id;

  beforeAll(async () => {
    [smtp, google] = await Promise.all([startTestSmtp(), startFakeGoogle()]);
  });
  afterAll(() => Promise.all([smtp.close(), google.close()]));
  beforeEach(async () => {
    app = await ctx.buildApp({
      smtpUrl: smtp.url,
      googleClientId: GOOGLE_CLIENT_ID,
      googleJwksUrl: google.jwksUrl,
    });
    smtp.clear();
    owner = await signUp(app, { email: 'gina@example.com' });
  });

  it('cannot invite, change roles, remove members or link a WhatsApp account, and is told why', async () => {
    const colleague = await teammate(app, ctx.db, await organisationId(), 'carl@example.com', 'member');
    // A verified admin of the same organisation links a session, so the QR and code calls have one.
    const admin = await teammate(app, ctx.db, await organisationId(), 'ada@example.com', 'admin');
    const started = await post('/api/startSession/', admin, { session_name: 'Desk', description: 'main' });
    expect(started.statusCode, started.body).toBe(200);
    const sessionID = started.json<{ sessionID: string }>().sessionID;
    smtp.clear();

    const refusals: [string, object, string][] = [
      ['/org/inviteMember/', { email: 'mallory@example.com', role: 'admin' }, verifyFirst('invite')],
      ['/org/changeMemberRole/', { user_id: colleague.id, role: 'owner' }, verifyFirst('manage')],
      ['/org/removeMember/', { user_id: colleague.id }, verifyFirst('manage')],
      ['/api/startSession/', { session_name: 'Mine', description: 'planted' }, verifyFirst('link')],
      ['/api/generateQRCode/', { sessionID }, verifyFirst('link')],
      ['/api/requestPairingCode/', { sessionID, phone: '+919876543210' }, verifyFirst('link')],
    ];
    for (const [url, payload, message] of refusals) {
      const res = await post(url, owner, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message });
    }
    // Nothing changed: no invitation or mail, the colleague is still a member, no second session.
    expect(await ctx.count(invitations)).toBe(0);
    expect(smtp.mails).toEqual([]);
    const list = (
      await app.inject({ method: 'GET', url: '/org/members/', headers: owner.headers })
    ).json<MembersResponse>();
    expect(list.members.map((m) => [m.email, m.role])).toEqual([
      ['gina@example.com', 'owner'],
      ['carl@example.com', 'member'],
      ['ada@example.com', 'admin'],
    ]);
    expect(await ctx.count(waSessions)).toBe(1);

    // Everything else works as before: the sessions, the desk, settings.
    expect((await post('/api/getSessionsList/', owner)).statusCode).toBe(200);
    expect((await post('/org/getTickets/', owner)).statusCode).toBe(200);
    expect((await post('/org/getSettings/', owner)).statusCode).toBe(200);
  });

  it('can once the mailed link is opened, on the very next request with the same token', async () => {
    await openVerificationLink(app, await smtp.next());
    const colleague = await teammate(app, ctx.db, await organisationId(), 'carl@example.com', 'member');
    smtp.clear();

    const invited = await post('/org/inviteMember/', owner, { email: 'dan@example.com', role: 'member' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await smtp.next()).to).toEqual(['dan@example.com']);
    const promoted = await post('/org/changeMemberRole/', owner, { user_id: colleague.id, role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const removed = await post('/org/removeMember/', owner, { user_id: colleague.id });
    expect(removed.statusCode, removed.body).toBe(200);
    const started = await post('/api/startSession/', owner, { session_name: 'Desk', description: 'main' });
    expect(started.statusCode, started.body).toBe(200);
    const sessionID = started.json<{ sessionID: string }>().sessionID;
    const qr = await post('/api/generateQRCode/', owner, { sessionID });
    expect(qr.statusCode).not.toBe(403);
  });

  it('can once Google proved the address, which takes the account over', async () => {
    const signedIn = await app.inject({
      method: 'POST',
      url: '/users/google-login-internal/',
      payload: { credential: await google.idToken({ email: 'gina@example.com' }) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const byGoogle = { headers: bearer(signedIn.json<TokenPair>().access_token) };
    const invited = await post('/org/inviteMember/', byGoogle, { email: 'dan@example.com', role: 'admin' });
    expect(invited.statusCode, invited.body).toBe(201);
  });

  it('an invited person is verified by the invitation link and may link a session as an admin', async () => {
    await openVerificationLink(app, await smtp.next());
    smtp.clear();
    expect(
      (await post('/org/inviteMember/', owner, { email: 'ada@example.com', role: 'admin' })).statusCode,
    ).toBe(201);
    const token = linkIn(await smtp.next()).searchParams.get('token');
    const accepted = await app.inject({
      method: 'POST',
      url: '/users/acceptInvitation/',
      payload: { token, first_name: 'Ada', last_name: 'Love', password1: PASSWORD, password2: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const ada: SignedIn = {
      ...accepted.json<TokenPair>(),
      headers: bearer(accepted.json<TokenPair>().access_token),
    };
    expect(await authUser(ada)).toMatchObject({ email: 'ada@example.com', email_verified: true });
    const started = await post('/api/startSession/', ada, { session_name: 'Desk', description: 'main' });
    expect(started.statusCode, started.body).toBe(200);
  });
});
