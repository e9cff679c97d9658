import { authMessages } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { type FakeGoogle, GOOGLE_CLIENT_ID, startFakeGoogle } from '../../../test/helpers/fake-google';
import { organisations, users } from '../../db/schema';

const googleLogin = (credential: unknown) => ({
  method: 'POST' as const,
  url: '/users/google-login-internal/',
  payload: { credential },
});
const rejected = { message: 'Google sign-in could not be verified.' };

describeWithDatabase('POST /users/google-login-internal/', (ctx) => {
  let google: FakeGoogle;
  let app: FastifyInstance;
  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(() => google.close());
  beforeEach(async () => {
    app = await ctx.buildApp({ googleClientId: GOOGLE_CLIENT_ID, googleJwksUrl: google.jwksUrl });
  });

  it('creates an account and an organisation on first sign-in, then signs the same account in', async () => {
    const first = await app.inject(googleLogin(await google.idToken({ email: 'Gina@Example.com' })));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const check = await app.inject({
      method: 'GET',
      url: '/users/authcheck/',
      headers: bearer(first.json().access_token),
    });
    expect(check.json().user).toMatchObject({
      email: 'gina@example.com',
      first_name: 'Gina',
      last_name: 'Gold',
      role: 'owner',
    });
    const [user] = await ctx.db.select().from(users);
    expect(user).toMatchObject({ googleSubject: 'google-subject-1', passwordHash: null });

    expect((await app.inject(googleLogin(await google.idToken()))).statusCode).toBe(200);
    expect(await ctx.count(users)).toBe(1);
    expect(await ctx.count(organisations)).toBe(1);
  });

  it('takes over a password account whose email was verified too: its password and other sign-ins end, and says so', async () => {
    // A verified address proves less than it seems: the victim (or a mail scanner) may have opened the
    // verification mail of an account someone else registered with the victim's address.
    const earlier = await signUp(app, { email: 'gina@example.com', password1: 'Squat!ter1' });
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() });
    ctx.clock.advance(1000);
    const response = await app.inject(googleLogin(await google.idToken()));
    expect(response.statusCode).toBe(200);
    expect(response.json().notice).toBe(authMessages.googleTookOver);
    const [user] = await ctx.db.select().from(users);
    expect(user?.googleSubject).toBe('google-subject-1');
    expect(user?.passwordHash).toBeNull();
    expect(await ctx.count(users)).toBe(1);
    const refresh = await app.inject({
      method: 'POST',
      url: '/users/refresh_token/',
      payload: { refresh_token: earlier.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: earlier.headers });
    expect(check.statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: 'gina@example.com', password: 'Squat!ter1' },
    });
    expect(login.statusCode).toBe(401);
    // The Google sign-in itself works on.
    const mine = await app.inject({
      method: 'GET',
      url: '/users/authcheck/',
      headers: bearer(response.json().access_token),
    });
    expect(mine.json().user).toMatchObject({ email_verified: true, google_linked: true });
  });

  it('takes over an account registered with an unverified email: its password and sign-ins end, and says so', async () => {
    // Someone registers Gina's address before she ever comes; her Google sign-in must lock them out.
    const squatter = await signUp(app, { email: 'gina@example.com', password1: 'Squat!ter1' });
    ctx.clock.advance(1000);
    const response = await app.inject(googleLogin(await google.idToken()));
    expect(response.statusCode).toBe(200);
    expect(response.json().notice).toBe(authMessages.googleTookOver);
    const [user] = await ctx.db.select().from(users);
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).not.toBeNull();
    const refresh = await app.inject({
      method: 'POST',
      url: '/users/refresh_token/',
      payload: { refresh_token: squatter.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const withOldAccess = await app.inject({
      method: 'GET',
      url: '/users/authcheck/',
      headers: squatter.headers,
    });
    expect(withOldAccess.statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: 'gina@example.com', password: 'Squat!ter1' },
    });
    expect(login.statusCode).toBe(401);
    expect((await app.inject(googleLogin(await google.idToken()))).json().notice).toBeUndefined();
  });

  describe('linking Google while signed in with the password', () => {
    const link = (credential: string, headers?: { authorization: string }) =>
      app.inject({ method: 'POST', url: '/users/link-google/', payload: { credential }, headers });

    it('links the Google account of the same address and keeps the password and every sign-in', async () => {
      const gina = await signUp(app, { email: 'gina@example.com', password1: 'Mine!pass1' });
      const phone = await app.inject({
        method: 'POST',
        url: '/users/login/',
        payload: { username: 'gina@example.com', password: 'Mine!pass1' },
      });
      ctx.clock.advance(1000);
      const linked = await link(await google.idToken(), gina.headers);
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toEqual({ success: true, message: authMessages.googleLinked });
      const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: gina.headers });
      expect(check.json().user).toMatchObject({ google_linked: true, email_verified: true });
      const refresh = await app.inject({
        method: 'POST',
        url: '/users/refresh_token/',
        payload: { refresh_token: phone.json().refresh_token },
      });
      expect(refresh.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/users/login/',
        payload: { username: 'gina@example.com', password: 'Mine!pass1' },
      });
      expect(login.statusCode).toBe(200);
      // Later Google sign-ins find the linked account and take nothing away.
      const viaGoogle = await app.inject(googleLogin(await google.idToken()));
      expect(viaGoogle.statusCode).toBe(200);
      expect(viaGoogle.json().notice).toBeUndefined();
      const [user] = await ctx.db.select().from(users);
      expect(user?.passwordHash).not.toBeNull();
      expect(await ctx.count(users)).toBe(1);
    });

    it('refuses a Google account of another address, one linked elsewhere, a second one, and no sign-in', async () => {
      const gina = await signUp(app, { email: 'gina@example.com' });
      const other = await link(await google.idToken({ email: 'someone@example.com' }), gina.headers);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ message: authMessages.googleOtherAddress });
      expect((await link(await google.idToken())).statusCode).toBe(401);
      // 400, not 401: the web app would take a 401 for the end of Gina's own sign-in.
      const forged = await link('not-a-jwt', gina.headers);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual(rejected);
      let [user] = await ctx.db.select().from(users);
      expect(user?.googleSubject).toBeNull();

      // Google subject 2 already signs in to its own wadesk account (it had gina's address before).
      await app.inject(
        googleLogin(await google.idToken({ sub: 'google-subject-2', email: 'zed@example.com' })),
      );
      const elsewhere = await link(await google.idToken({ sub: 'google-subject-2' }), gina.headers);
      expect(elsewhere.statusCode).toBe(409);
      expect(elsewhere.json()).toEqual({ message: authMessages.googleLinkedElsewhere });

      expect((await link(await google.idToken(), gina.headers)).statusCode).toBe(200);
      expect((await link(await google.idToken(), gina.headers)).statusCode).toBe(200);
      const second = await link(await google.idToken({ sub: 'google-subject-3' }), gina.headers);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: authMessages.googleAlreadyLinked });
      [user] = await ctx.db.select().from(users).where(eq(users.email, 'gina@example.com'));
      expect(user?.googleSubject).toBe('google-subject-1');
    });
  });

  it('finds the account by Google subject even after the Google email changed', async () => {
    await app.inject(googleLogin(await google.idToken()));
    const renamed = await app.inject(googleLogin(await google.idToken({ email: 'gina.new@example.com' })));
    expect(renamed.statusCode).toBe(200);
    expect(await ctx.count(users)).toBe(1);
  });

  it('answers 409 when the email is linked to a different Google account', async () => {
    await app.inject(googleLogin(await google.idToken()));
    const other = await app.inject(googleLogin(await google.idToken({ sub: 'google-subject-2' })));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'An account with this email already exists.' });
    expect(await ctx.count(users)).toBe(1);
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['an unverified email', { email_verified: false }],
    ['no email', { email: undefined }],
  ])('answers 401 to a token with %s', async (_label, claims) => {
    const response = await app.inject(googleLogin(await google.idToken(claims)));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(rejected);
    expect(await ctx.count(users)).toBe(0);
  });

  it('answers 401 to an expired token', async () => {
    const token = await google.idToken();
    ctx.clock.advance(2 * 60 * 60 * 1000);
    expect((await app.inject(googleLogin(token))).json()).toEqual(rejected);
  });

  it('answers 401 to tokens not signed by the published key', async () => {
    const impostor = await startFakeGoogle(); // same shape and key id, different key pair
    const foreign = await impostor.idToken();
    await impostor.close();
    const unknownKid = await google.idToken({}, { kid: 'rotated-away' });
    const [header, payload] = (await google.idToken()).split('.');
    for (const token of [foreign, unknownKid, `${header}.${payload}.`, 'not-a-jwt']) {
      const response = await app.inject(googleLogin(token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(rejected);
    }
  });

  it('answers 400 when Google sign-in is not configured', async () => {
    const response = await ctx.app.inject(googleLogin(await google.idToken()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Google sign-in is not configured.' });
  });

  it('answers 502 when Google’s keys cannot be fetched', async () => {
    const offline = await ctx.buildApp({
      googleClientId: GOOGLE_CLIENT_ID,
      googleJwksUrl: 'http://127.0.0.1:1/certs',
    });
    const response = await offline.inject(googleLogin(await google.idToken()));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: expect.stringContaining('Google sign-in is unavailable') });
  });

  it('rejects a missing or empty credential with 400', async () => {
    for (const payload of [{}, { credential: '' }]) {
      const response = await app.inject({ method: 'POST', url: '/users/google-login-internal/', payload });
      expect(response.statusCode).toBe(400);
    }
  });
});
