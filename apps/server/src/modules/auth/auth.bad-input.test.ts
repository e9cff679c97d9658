import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, defaultRegistration, type SignedIn, signUp } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { type FakeGoogle, GOOGLE_CLIENT_ID, startFakeGoogle } from '../../../test/helpers/fake-google';
import { testConfig } from '../../../test/helpers/test-config';
import { emailTokens, loginFailures, organisations, refreshTokens, users } from '../../db/schema';

// Every auth route (auth.routes.ts) refused bad input with a 4xx `{message}` and stored nothing: no user,
// organisation, refresh token, emailed link or sign-in failure. Rate-limit counters are left out on
// purpose: counting refused attempts is their job.

interface Route {
  url: string;
  method: 'GET' | 'POST';
  /** Signed in as the registered user, so the body is what gets refused. */
  signedIn: boolean;
  /** A body the route accepts; each string field is spoiled in turn. */
  body?: Record<string, string>;
  /** Fields for which null is a valid value (a time zone back to the browser's). */
  nullable?: string[];
}

const LINK_TOKEN = 'A'.repeat(43);
const routes: Route[] = [
  {
    url: '/users/register/',
    method: 'POST',
    signedIn: false,
    body: { ...defaultRegistration, email: 'bob@example.com', password2: defaultRegistration.password1 },
  },
  {
    url: '/users/login/',
    method: 'POST',
    signedIn: false,
    body: { username: defaultRegistration.email, password: 'Wrong!Pass1' },
  },
  { url: '/users/refresh_token/', method: 'POST', signedIn: false, body: { refresh_token: LINK_TOKEN } },
  { url: '/users/logout/', method: 'POST', signedIn: true, body: { refresh_token: LINK_TOKEN } },
  { url: '/users/google-login-internal/', method: 'POST', signedIn: false, body: { credential: 'x.y.z' } },
  {
    url: '/users/forgot-password/',
    method: 'POST',
    signedIn: false,
    body: { email: defaultRegistration.email },
  },
  {
    url: '/users/reset-password/',
    method: 'POST',
    signedIn: false,
    body: { token: LINK_TOKEN, password1: 'New!Pass1', password2: 'New!Pass1' },
  },
  { url: '/users/verify-email/', method: 'POST', signedIn: false, body: { token: LINK_TOKEN } },
  { url: '/users/verification/', method: 'POST', signedIn: false, body: { token: LINK_TOKEN } },
  { url: '/users/link-google/', method: 'POST', signedIn: true, body: { credential: 'x.y.z' } },
  { url: '/users/resend-verification/', method: 'POST', signedIn: true },
  {
    url: '/users/updateProfile/',
    method: 'POST',
    signedIn: true,
    body: { first_name: 'Anna', last_name: 'Lee', time_zone: 'Asia/Kolkata' },
    nullable: ['time_zone'],
  },
  {
    url: '/users/changePassword/',
    method: 'POST',
    signedIn: true,
    body: { current_password: 'Wrong!Pass1', password1: 'New!Pass1', password2: 'New!Pass1' },
  },
  { url: '/users/authcheck/', method: 'GET', signedIn: true },
];
const withBody = routes.filter((route) => route.body !== undefined);
const stringFields = withBody.flatMap((route) =>
  Object.keys(route.body ?? {}).map((field) => [route.url, field] as const),
);
const guarded = routes.filter((route) => route.signedIn);

const SECRET = new TextEncoder().encode(testConfig().jwtSecret);
const tables = { users, organisations, refreshTokens, emailTokens, loginFailures };

// Every case here is refused and stores nothing (each one checks it), so one app, one signed-up user and one
// Google stand-in serve the whole suite.
describeWithDatabase(
  'auth routes refuse bad input and store nothing',
  (ctx) => {
    let google: FakeGoogle;
    let app: FastifyInstance;
    let ann: SignedIn;
    let before: Record<string, number>;

    beforeAll(async () => {
      google = await startFakeGoogle();
      app = await ctx.buildApp({ googleClientId: GOOGLE_CLIENT_ID, googleJwksUrl: google.jwksUrl });
      ann = await signUp(app);
    });
    afterAll(() => google.close());
    beforeEach(async () => {
      before = await counts();
    });

    async function counts(): Promise<Record<string, number>> {
      const entries = await Promise.all(
        Object.entries(tables).map(async ([name, table]) => [name, await ctx.count(table)] as const),
      );
      return Object.fromEntries(entries);
    }

    const send = (
      route: Route,
      init: { payload?: unknown; body?: string; headers?: Record<string, string> },
    ) =>
      app.inject({
        method: route.method,
        url: route.url,
        ...(init.body !== undefined ? { body: init.body } : { payload: init.payload as object }),
        headers: { ...(route.signedIn ? ann.headers : {}), ...init.headers },
      });

    async function expectRefused(res: { statusCode: number; json(): unknown }, status?: number) {
      if (status === undefined) {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      } else expect(res.statusCode).toBe(status);
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['message']);
      expect(typeof body.message).toBe('string');
      // Mails are sent after the reply: let any that would have been queued store their link first.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await counts()).toEqual(before);
    }

    const route = (url: string) => routes.find((r) => r.url === url) as Route;
    const spoilt = (url: string, field: string, value: unknown) => ({ ...route(url).body, [field]: value });

    it.each(withBody.map((r) => [r.url, r] as const))('%s: malformed JSON is a 400', async (_, r) => {
      for (const body of ['{"a":', "{'a':1}", '{"a":1}}', '\u0000', '']) {
        await expectRefused(await send(r, { body, headers: { 'content-type': 'application/json' } }), 400);
      }
    });

    it.each(withBody.map((r) => [r.url, r] as const))('%s: a body that is not an object', async (_, r) => {
      // Logout takes no body at all (a bare POST signs out), so a JSON null is fine there.
      const shapes = r.url === '/users/logout/' ? [[], 'text', 7, true] : [null, [], 'text', 7, true];
      for (const payload of shapes) {
        await expectRefused(
          await send(r, { body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
          400,
        );
      }
    });

    it.each(withBody.map((r) => [r.url, r] as const))('%s: a body that is not JSON', async (_, r) => {
      // text/plain has Fastify's own parser (a string, then refused by the schema); other types have none.
      await expectRefused(
        await send(r, { body: 'email=a@example.com', headers: { 'content-type': 'text/plain' } }),
      );
      await expectRefused(
        await send(r, {
          body: 'email=a@example.com',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
      );
    });

    it.each(withBody.map((r) => [r.url, r] as const))(
      '%s: deep nesting, __proto__ keys and a body over the limit',
      async (_, r) => {
        const json = { 'content-type': 'application/json' };
        const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
        await expectRefused(await send(r, { body: deep, headers: json }));
        const field = Object.keys(r.body ?? {})[0] as string;
        const proto = `{"__proto__":{"admin":true},"${field}":"a@example.com"}`;
        await expectRefused(await send(r, { body: proto, headers: json }), 400);
        const huge = JSON.stringify({ ...r.body, pad: 'a'.repeat(2 * 1024 * 1024) });
        await expectRefused(await send(r, { body: huge, headers: json }), 413);
      },
    );

    it.each(stringFields)('%s: %s of the wrong type', async (url, field) => {
      const nullable = route(url).nullable?.includes(field) ?? false;
      for (const value of [12345, true, ...(nullable ? [] : [null]), ['a@example.com'], { $ne: '' }]) {
        await expectRefused(await send(route(url), { payload: spoilt(url, field, value) }), 400);
      }
    });

    it.each(stringFields)('%s: %s with NUL or a lone surrogate', async (url, field) => {
      const valid = String(route(url).body?.[field]);
      for (const bad of ['\u0000', '\uD800', '\uDFFF']) {
        const payload = spoilt(url, field, `${valid.slice(0, 2)}${bad}${valid.slice(2)}`);
        await expectRefused(await send(route(url), { payload }), 400);
      }
    });

    it.each(stringFields)('%s: %s of 100 KB', async (url, field) => {
      const payload = spoilt(url, field, `${String(route(url).body?.[field])}${'a'.repeat(100 * 1024)}`);
      await expectRefused(await send(route(url), { payload }), 400);
    });

    it('resend-verification refuses a body it cannot parse', async () => {
      const r = route('/users/resend-verification/');
      await expectRefused(
        await send(r, { body: '{"a":', headers: { 'content-type': 'application/json' } }),
        400,
      );
      await expectRefused(await send(r, { payload: { note: 'a\u0000b' } }), 400);
    });

    describe('forged and expired tokens', () => {
      const now = () => Math.floor(ctx.clock().getTime() / 1000);
      const claims = () => ({ org: 1, sub: '1', iss: 'wadesk' });
      const forged: [string, () => Promise<string>][] = [
        [
          'expired',
          () =>
            new SignJWT(claims())
              .setProtectedHeader({ alg: 'HS256' })
              .setIssuedAt(now() - 3600)
              .setExpirationTime(now() - 60)
              .sign(SECRET),
        ],
        [
          'signed with another secret',
          () =>
            new SignJWT(claims())
              .setProtectedHeader({ alg: 'HS256' })
              .setIssuedAt(now())
              .setExpirationTime(now() + 600)
              .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters')),
        ],
        [
          'alg none',
          async () =>
            new UnsecuredJWT(claims())
              .setIssuedAt(now())
              .setExpirationTime(now() + 600)
              .encode(),
        ],
        [
          'without exp',
          () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now()).sign(SECRET),
        ],
        [
          'with a tampered payload',
          async () => {
            const [header, , signature] = ann.access_token.split('.');
            const payload = Buffer.from(
              JSON.stringify({ ...claims(), sub: '999', exp: now() + 600 }),
            ).toString('base64url');
            return `${header}.${payload}.${signature}`;
          },
        ],
        ['not a JWT', async () => 'not-a-token'],
        ['of 100 KB', async () => 'a'.repeat(100 * 1024)],
      ];

      it.each(guarded.flatMap((r) => forged.map(([name, make]) => [r.url, name, r, make] as const)))(
        '%s: an access token %s is a 401',
        async (_, __, r, make) => {
          const token = await make();
          await expectRefused(
            await app.inject({
              method: r.method,
              url: r.url,
              headers: bearer(token),
              ...(r.body ? { payload: r.body } : {}),
            }),
            401,
          );
        },
      );

      it.each(forged)(
        'refresh_token: a refresh token that is an access token %s is a 4xx',
        async (_, make) => {
          const refresh_token = (await make()).slice(0, 512);
          await expectRefused(await send(route('/users/refresh_token/'), { payload: { refresh_token } }));
        },
      );

      it.each(forged)('verify-email and reset-password: a link token %s is a 400', async (_, make) => {
        const token = (await make()).slice(0, 128);
        await expectRefused(await send(route('/users/verify-email/'), { payload: { token } }), 400);
        await expectRefused(await send(route('/users/verification/'), { payload: { token } }), 400);
        await expectRefused(
          await send(route('/users/reset-password/'), {
            payload: spoilt('/users/reset-password/', 'token', token),
          }),
          400,
        );
      });

      it('google-login-internal and link-google: a forged, expired or foreign Google credential is a 4xx', async () => {
        const credentials = [
          ...(await Promise.all(forged.map(([, make]) => make()))).map((c) => c.slice(0, 8192)),
          await google.idToken({}, { expiresIn: -60 }),
          await google.idToken({ aud: 'someone-else.apps.googleusercontent.com' }),
          await google.idToken({ iss: 'https://evil.example.com' }),
          await google.idToken({}, { kid: 'unknown-key' }),
          `${(await google.idToken()).slice(0, -4)}AAAA`,
          new UnsecuredJWT({ email: 'gina@example.com', email_verified: true, sub: 'x' }).encode(),
        ];
        for (const credential of credentials) {
          await expectRefused(
            await send(route('/users/google-login-internal/'), { payload: { credential } }),
          );
          await expectRefused(await send(route('/users/link-google/'), { payload: { credential } }));
        }
      });
    });

    it('refresh_token: a real refresh token with a character added is a 401', async () => {
      await expectRefused(
        await send(route('/users/refresh_token/'), { payload: { refresh_token: `${ann.refresh_token}x` } }),
        401,
      );
    });
  },
  { shareApp: true },
);
