import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, describeWithDatabase } from '../test/helpers/describe-each-database';
import { captureLogs } from '../test/helpers/log-capture';
import { testConfig } from '../test/helpers/test-config';
import { buildApp } from './app';
import { createDatabase } from './db/client';
import { users } from './modules/auth/auth.schema';

describeEachDatabase('app', (ctx) => {
  it('GET /healthz answers ok while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /healthz answers 503 once the database is gone, and the server keeps serving', async () => {
    // A database of its own: closing the shared one would break the other tests.
    const database = await createDatabase(
      ctx.kind === 'postgres' ? String(process.env.TEST_DATABASE_URL) : 'memory://',
    );
    const app = await ctx.buildApp({}, { database });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'down', message: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: '/config/' })).statusCode).toBe(200);
  });

  it('GET /config/ answers the public settings and nothing secret', async () => {
    const app = await ctx.buildApp({
      googleClientId: 'client-id',
      demoVideoUrl: 'https://www.youtube.com/embed/x',
      whatsappDriver: 'baileys',
      contactEmail: 'support@example.com',
    });
    const response = await app.inject({ method: 'GET', url: '/config/' });
    expect(response.json()).toEqual({
      google_client_id: 'client-id',
      demo_video_url: 'https://www.youtube.com/embed/x',
      whatsapp_driver: 'baileys',
      contact_email: 'support@example.com',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/config/' })).json()).toEqual({
      google_client_id: null,
      demo_video_url: null,
      whatsapp_driver: 'simulator',
      contact_email: null,
    });
  });

  it('publishes the OpenAPI document with the auth paths and bearer security', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/users/register/',
        '/users/login/',
        '/users/refresh_token/',
        '/users/authcheck/',
        '/users/logout/',
        '/users/google-login-internal/',
        '/healthz',
        '/config/',
      ]),
    );
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/users/authcheck/'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(
      document.paths['/users/login/'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
    expect((await ctx.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "media-src 'self' blob:;font-src 'self' data:;connect-src 'self';frame-src 'none';worker-src 'self' blob:;" +
        "object-src 'none';base-uri 'self';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Plain http here: HSTS is sent only over TLS (http/security.test.ts).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('opens the CSP to Google and the demo video only when they are configured', async () => {
    const app = await ctx.buildApp({
      googleClientId: 'id',
      demoVideoUrl: 'https://player.vimeo.com/video/1',
    });
    const csp = String(
      (await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    expect(csp).toContain("script-src 'self' https://accounts.google.com;");
    expect(csp).toContain('frame-src https://player.vimeo.com https://accounts.google.com;');
  });

  it('answers CORS only for the configured origins', async () => {
    const preflight = (origin: string) => ({
      method: 'OPTIONS' as const,
      url: '/users/login/',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    const app = await ctx.buildApp({ corsOrigins: ['https://app.example.com'] });
    const allowed = await app.inject(preflight('https://app.example.com'));
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(
      (await app.inject(preflight('https://evil.example.com'))).headers['access-control-allow-origin'],
    ).toBeUndefined();
    expect(
      (await ctx.app.inject(preflight('https://app.example.com'))).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('answers unknown routes with a JSON 404', async () => {
    for (const url of ['/users/nope/', '/api/unknown/', '/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'There is no such address on this server. Check the link.',
      });
    }
  });

  it('hides the details of unexpected errors', async () => {
    const app = await ctx.buildApp();
    app.get('/api/boom', async () => {
      throw new Error(
        'duplicate key value violates unique constraint "users_email_unique" (select * from users)',
      );
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on the server. Try again in a moment.',
    });
  });

  it('keeps secrets out of the logs, even from a failed query', async () => {
    const { stream, text } = captureLogs();
    const app = await ctx.buildApp({}, { logger: { level: 'info', stream } });
    app.post('/api/leaky', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'echo');
      await ctx.db.execute(sql`select ${'hash-of-secret-token'}::text, 1 / 0`);
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/leaky',
      headers: { authorization: 'Bearer secret-access-token' },
      payload: { password: 'secret-password', refresh_token: 'secret-refresh-token' },
    });
    expect(response.statusCode).toBe(500);
    const log = text();
    expect(log).toContain('request failed');
    for (const secret of [
      'secret-access-token',
      'secret-password',
      'secret-refresh-token',
      'hash-of-secret-token',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('request logs', () => {
  it('mask credentials carried in the query string', async () => {
    const { stream, text } = captureLogs();
    const app = await buildApp(testConfig(), { logger: { level: 'info', stream } });
    for (const url of [
      '/login?token=secret-url-token',
      '/files/u1/abc/photo.jpg?exp=1&sig=secret-signature',
      '/events/?access_token=secret-bearer',
      // The query parser decodes names, so these carry the same credentials.
      '/login?%74oken=secret-encoded-name',
      '/events/?ACCESS%5FTOKEN=secret-encoded-bearer&x=1',
      '/files/u1/abc/photo.jpg?exp=1&s%69g=secret-encoded-sig#top',
    ])
      await app.inject({ method: 'GET', url });
    await app.close();
    const log = text();
    expect(log).toContain('/files/u1/abc/photo.jpg?exp=1&sig=[redacted]');
    expect(log).toContain('/login?%74oken=[redacted]');
    for (const secret of [
      'secret-url-token',
      'secret-signature',
      'secret-bearer',
      'secret-encoded-name',
      'secret-encoded-bearer',
      'secret-encoded-sig',
    ])
      expect(log).not.toContain(secret);
  });
});

describe('buildApp without an injected database', () => {
  it('opens and migrates its own database and closes it with the app', async () => {
    const app = await buildApp(testConfig(), { logger: false });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const registered = await app.inject({
      method: 'POST',
      url: '/users/register/',
      payload: { email: 'own@example.com', password1: 'Secret!A', first_name: 'Own' },
    });
    expect(registered.statusCode).toBe(201);
    await app.close();
  });
});

describeWithDatabase('password hashing', (ctx) => {
  it("stores argon2id at OWASP's cost unless a test injects a cheaper one", async () => {
    const app = await buildApp(testConfig({ dataDir: ctx.dataDir }), {
      database: ctx.database,
      logger: false,
    });
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/users/register/',
        payload: { email: 'cost@example.com', password1: 'Secret!A', first_name: 'Cost' },
      });
      expect(registered.statusCode).toBe(201);
      const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users);
      expect(user?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await app.close();
    }
  });
});
