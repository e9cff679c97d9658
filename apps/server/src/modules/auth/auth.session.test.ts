import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { refreshTokens, users } from '../../db/schema';
import { authenticationErrors } from './authenticate';
import { TOKEN_STATE_TTL_MS } from './token-users';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

const refresh = (refresh_token: unknown) => ({
  method: 'POST' as const,
  url: '/users/refresh_token/',
  payload: { refresh_token },
});
const authcheck = (headers: Record<string, string> = {}) => ({
  method: 'GET' as const,
  url: '/users/authcheck/',
  headers,
});
const sessionExpired = { message: 'Your session has expired. Please sign in again.' };

describeWithDatabase('token endpoints', (ctx) => {
  describe('POST /users/refresh_token/', () => {
    it('rotates: answers a new pair and the old refresh token stops working', async () => {
      const first = await signUp(ctx.app);
      const response = await ctx.app.inject(refresh(first.refresh_token));
      expect(response.statusCode).toBe(200);
      const second = response.json();
      expect(second).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await ctx.app.inject(authcheck(bearer(second.access_token)))).statusCode).toBe(200);

      const [used] = await ctx.db.select().from(refreshTokens).orderBy(refreshTokens.id).limit(1);
      expect(used?.replacedBy).not.toBeNull();
    });

    it('revokes the whole family when an already-rotated token comes back', async () => {
      const first = await signUp(ctx.app);
      const second = (await ctx.app.inject(refresh(first.refresh_token))).json();

      const replay = await ctx.app.inject(refresh(first.refresh_token));
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(sessionExpired);
      const afterReplay = await ctx.app.inject(refresh(second.refresh_token));
      expect(afterReplay.statusCode).toBe(401);
    });

    it('answers 401 to unknown and expired tokens', async () => {
      const pair = await signUp(ctx.app);
      expect((await ctx.app.inject(refresh('made-up-token'))).statusCode).toBe(401);

      ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
      const expired = await ctx.app.inject(refresh(pair.refresh_token));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(sessionExpired);
    });

    it.each([[{}], [{ refresh_token: '' }], [{ refresh_token: 123 }], [{ refresh_token: 'x'.repeat(600) }]])(
      'rejects %o with 400',
      async (payload) => {
        const response = await ctx.app.inject({ method: 'POST', url: '/users/refresh_token/', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: expect.stringMatching(/^refresh_token: /) });
      },
    );
  });

  describe('GET /users/authcheck/', () => {
    it('answers the signed-in user', async () => {
      const ann = await signUp(ctx.app);
      const [stored] = await ctx.db.select().from(users);
      const response = await ctx.app.inject(authcheck(ann.headers));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          id: stored?.id,
          email: 'ann@example.com',
          first_name: 'Ann',
          last_name: 'Lee',
          role: 'owner',
          organisation_id: stored?.organisationId,
          email_verified: false,
          google_linked: false,
          time_zone: null,
          organisation_name: "Ann's organisation",
          has_password: true,
          weekly_digest: true,
        },
      });
    });

    it('answers 401 without a token', async () => {
      const headerSets: Record<string, string>[] = [
        {},
        { authorization: 'Basic YW5uOnNlY3JldA==' },
        { authorization: 'Bearer' },
      ];
      for (const headers of headerSets) {
        const response = await ctx.app.inject(authcheck(headers));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: authenticationErrors.missing });
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    });

    it('answers 401 once the access token has expired', async () => {
      const ann = await signUp(ctx.app);
      ctx.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      const response = await ctx.app.inject(authcheck(ann.headers));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authenticationErrors.invalid });
    });

    it('answers 401 to forged tokens: another secret, alg none, tampered claims', async () => {
      const ann = await signUp(ctx.app);
      const claims = { org: 1 };
      const otherSecret = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('wadesk')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('an-attacker-guessed-secret-of-length'));
      const unsigned = new UnsecuredJWT(claims)
        .setSubject('1')
        .setIssuer('wadesk')
        .setExpirationTime('10m')
        .encode();
      const [header, , signature] = ann.access_token.split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: '2', org: 2, iss: 'wadesk', exp: 9e9 })).toString('base64url')}.${signature}`;

      for (const token of [otherSecret, unsigned, tampered, 'not.a.jwt']) {
        const response = await ctx.app.inject(authcheck(bearer(token)));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: authenticationErrors.invalid });
      }
    });

    it('answers 401 for a token of a user that no longer exists, on every guarded route', async () => {
      const ann = await signUp(ctx.app);
      const list = { method: 'POST' as const, url: '/v1/getSavedChatList/', headers: ann.headers };
      expect((await ctx.app.inject(list)).statusCode).toBe(200);
      // Deleted behind this instance's back (as by another one): seen once its reading has expired.
      await ctx.db.delete(users);
      ctx.clock.advance(TOKEN_STATE_TTL_MS);
      expect((await ctx.app.inject(authcheck(ann.headers))).statusCode).toBe(401);
      const response = await ctx.app.inject(list);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authenticationErrors.invalid });
    });

    it('rejects a token signed for another deployment (same claims, other JWT_SECRET)', async () => {
      const other = await ctx.buildApp({ jwtSecret: 'another-deployment-secret-32-chars-long' });
      const ann = await signUp(other);
      expect((await ctx.app.inject(authcheck(ann.headers))).statusCode).toBe(401);
    });
  });

  describe('POST /users/logout/', () => {
    const logout = (headers: Record<string, string>, payload: object = {}) => ({
      method: 'POST' as const,
      url: '/users/logout/',
      headers,
      payload,
    });

    it('revokes the refresh token family and confirms', async () => {
      const ann = await signUp(ctx.app);
      const rotated = (await ctx.app.inject(refresh(ann.refresh_token))).json();
      const response = await ctx.app.inject(logout(ann.headers, { refresh_token: rotated.refresh_token }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Logged out.' });
      expect((await ctx.app.inject(refresh(rotated.refresh_token))).statusCode).toBe(401);
    });

    it('does not touch another user’s session', async () => {
      const ann = await signUp(ctx.app);
      const bob = await signUp(ctx.app, { email: 'bob@example.com' });
      expect(
        (await ctx.app.inject(logout(ann.headers, { refresh_token: bob.refresh_token }))).statusCode,
      ).toBe(200);
      expect((await ctx.app.inject(refresh(bob.refresh_token))).statusCode).toBe(200);
    });

    it('confirms without a refresh token, and with an unknown one', async () => {
      const ann = await signUp(ctx.app);
      expect((await ctx.app.inject(logout(ann.headers))).json()).toEqual({
        success: true,
        message: 'Logged out.',
      });
      const noBody = await ctx.app.inject({ method: 'POST', url: '/users/logout/', headers: ann.headers });
      expect(noBody.json()).toEqual({ success: true, message: 'Logged out.' });
      expect((await ctx.app.inject(logout(ann.headers, { refresh_token: 'unknown' }))).statusCode).toBe(200);
    });

    it('answers 401 without a valid access token and revokes nothing', async () => {
      const ann = await signUp(ctx.app);
      const response = await ctx.app.inject(logout({}, { refresh_token: ann.refresh_token }));
      expect(response.statusCode).toBe(401);
      expect((await ctx.app.inject(refresh(ann.refresh_token))).statusCode).toBe(200);
    });
  });
});
