import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authMessages } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, defaultRegistration, signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/helpers/smtp';
import { internalsOf } from '../../app-internals';
import { emailTokens, loginFailures, users } from '../../db/schema';
import {
  LINK_MAILS_PER_HOUR,
  RESET_LINK_TTL_MS,
  RESET_MAILS_PER_HOUR,
  VERIFY_LINK_TTL_MS,
} from './email-links.service';
import { TOO_MANY_ATTEMPTS } from './rate-limit';

// Emailed links, sent to a real SMTP server on loopback: verifying the address after registration, and
// setting a new password. Links carry single-use tokens that expire.

describeEachDatabase('emailed links', (ctx) => {
  let smtp: TestSmtp;
  let app: FastifyInstance;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.clear();
    app = await ctx.buildApp({ smtpUrl: smtp.url, publicUrl: 'https://desk.example.com' });
  });

  it('registration mails a link that verifies the address; opened again (a mail scanner first) it still says so', async () => {
    await signUp(app, { email: 'ann@example.com' });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['ann@example.com']);
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://desk.example.com/verify-email');
    const token = String(link.searchParams.get('token'));
    const first = await post('/users/verify-email/', { token });
    expect(first.json()).toEqual({ success: true, message: authMessages.emailVerified });
    const [user] = await ctx.db.select().from(users);
    expect(user?.emailVerifiedAt).not.toBeNull();
    const again = await post('/users/verify-email/', { token });
    expect(again.json()).toEqual({ success: true, message: authMessages.emailVerified });
    const unknown = await post('/users/verify-email/', { token: `${token.slice(0, -4)}AAAA` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: authMessages.linkInvalid });
  });

  it('opening the link verifies nothing: the page asks first, and only the confirmation verifies', async () => {
    await signUp(app, { email: 'ann@example.com' });
    const mail = await smtp.next();
    // Someone may have registered this address without owning it: the mail says what to do then.
    expect(mail.text).toContain(
      'If you did not create a wadesk account, ignore this mail: nothing is verified unless you confirm on the page.',
    );
    const token = String(linkIn(mail).searchParams.get('token'));
    // What the page asks on load: the address the link was mailed to. A scanner loading it changes nothing.
    for (let i = 0; i < 2; i++) {
      const lookup = await post('/users/verification/', { token });
      expect(lookup.json()).toEqual({ email: 'ann@example.com', verified: false });
    }
    const [before] = await ctx.db.select().from(users);
    expect(before?.emailVerifiedAt).toBeNull();
    expect((await post('/users/verify-email/', { token })).json()).toEqual({
      success: true,
      message: authMessages.emailVerified,
    });
    expect((await post('/users/verification/', { token })).json()).toEqual({
      email: 'ann@example.com',
      verified: true,
    });
    const unknown = await post('/users/verification/', { token: `${token.slice(0, -4)}AAAA` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: authMessages.linkInvalid });
  });

  it('mails written to an address someone else may have registered carry none of the text they chose', async () => {
    // The registration's first name is free text, and these mails go to whoever owns the address.
    const first_name = 'Ben,\n\nYour admin set this up: press "Yes" at https://evil.example/join';
    await signUp(app, { email: 'ben@example.com', first_name });
    await post('/users/forgot-password/', { email: 'ben@example.com' });
    await internalsOf(app).mailsSent();
    expect(smtp.mails).toHaveLength(2);
    for (const mail of smtp.mails) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('Your admin');
    }
  });

  it('an expired verification link says it expired, to the page and to the confirmation', async () => {
    await signUp(app);
    const token = String(linkIn(await smtp.next()).searchParams.get('token'));
    ctx.clock.advance(VERIFY_LINK_TTL_MS + 1);
    for (const url of ['/users/verification/', '/users/verify-email/']) {
      const answer = await post(url, { token });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: authMessages.linkExpired });
    }
  });

  it('refuses an expired verification link', async () => {
    await signUp(app);
    const token = String(linkIn(await smtp.next()).searchParams.get('token'));
    ctx.clock.advance(VERIFY_LINK_TTL_MS + 1);
    expect((await post('/users/verify-email/', { token })).statusCode).toBe(400);
    const [user] = await ctx.db.select().from(users);
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it('sets a new password by the reset link and ends every sign-in of the account', async () => {
    const ann = await signUp(app);
    await smtp.next(); // the verification mail
    await post('/users/forgot-password/', { email: 'ann@example.com' });
    const earlier = String(linkIn(await smtp.next()).searchParams.get('token'));
    const asked = await post('/users/forgot-password/', { email: 'ANN@example.com ' });
    expect(asked.json()).toEqual({ success: true, message: authMessages.resetSent });
    const link = linkIn(await smtp.next());
    expect(link.pathname).toBe('/reset-password');
    const token = String(link.searchParams.get('token'));

    const differ = await post('/users/reset-password/', {
      token,
      password1: 'New!Pass1',
      password2: 'New!Pass2',
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toEqual({ message: authMessages.passwordsDiffer });

    ctx.clock.advance(1000); // the reset comes a moment after the sign-in
    const reset = await post('/users/reset-password/', {
      token,
      password1: 'New!Pass1',
      password2: 'New!Pass1',
    });
    expect(reset.json()).toEqual({ success: true, message: authMessages.passwordChanged });
    expect(
      (await post('/users/reset-password/', { token, password1: 'X!yzabc', password2: 'X!yzabc' }))
        .statusCode,
    ).toBe(400);

    const refreshed = await post('/users/refresh_token/', { refresh_token: ann.refresh_token });
    expect(refreshed.statusCode).toBe(401);
    // The access token in hand ends too, not only when it would have expired.
    const guarded = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: ann.headers });
    expect(guarded.statusCode).toBe(401);
    // And so does the link mailed before the one used.
    const earlierLink = await post('/users/reset-password/', {
      token: earlier,
      password1: 'Other!Pass1',
      password2: 'Other!Pass1',
    });
    expect(earlierLink.statusCode).toBe(400);
    const oldPassword = await post('/users/login/', {
      username: 'ann@example.com',
      password: defaultRegistration.password1,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(
      (await post('/users/login/', { username: 'ann@example.com', password: 'New!Pass1' })).statusCode,
    ).toBe(200);
    const [user] = await ctx.db.select().from(users);
    expect(user?.emailVerifiedAt).not.toBeNull(); // the reset proved the address
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const asked = await post('/users/forgot-password/', { email: 'nobody@example.com' });
    expect(asked.json()).toEqual({ success: true, message: authMessages.resetSent });
    await internalsOf(app).mailsSent();
    expect(smtp.mails).toHaveLength(0);
  });

  it('refuses a reset link after an hour', async () => {
    await signUp(app);
    await smtp.next();
    await post('/users/forgot-password/', { email: defaultRegistration.email });
    const token = String(linkIn(await smtp.next()).searchParams.get('token'));
    ctx.clock.advance(RESET_LINK_TTL_MS + 1);
    const reset = await post('/users/reset-password/', {
      token,
      password1: 'New!Pass1',
      password2: 'New!Pass1',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: authMessages.linkInvalid });
  });

  it('mails one address at most three reset links an hour, answering the same every time', async () => {
    await signUp(app);
    await smtp.next();
    for (let i = 0; i < 5; i++) {
      const asked = await post('/users/forgot-password/', { email: defaultRegistration.email });
      expect(asked.json()).toEqual({ success: true, message: authMessages.resetSent });
    }
    await internalsOf(app).mailsSent();
    expect(smtp.mails).toHaveLength(1 + RESET_MAILS_PER_HOUR);
    ctx.clock.advance(60 * 60 * 1000 + 1);
    await post('/users/forgot-password/', { email: defaultRegistration.email });
    await internalsOf(app).mailsSent();
    expect(smtp.mails).toHaveLength(2 + RESET_MAILS_PER_HOUR);
  });

  it('a password reset clears the back-off of the account, so its owner can sign in at once', async () => {
    // Two free failures per IP (and two registration or reset requests a minute per address).
    const strict = await ctx.buildApp({ smtpUrl: smtp.url, authRateLimitEmail: 2 });
    await signUp(strict);
    await smtp.next();
    const login = (password: string) =>
      strict.inject({
        method: 'POST',
        url: '/users/login/',
        payload: { username: defaultRegistration.email, password },
        remoteAddress: '10.0.0.8',
      });
    expect((await login('wrong')).statusCode).toBe(401);
    expect((await login('wrong')).statusCode).toBe(401);
    expect((await login('wrong')).statusCode).toBe(429);
    await strict.inject({
      method: 'POST',
      url: '/users/forgot-password/',
      payload: { email: defaultRegistration.email },
    });
    const token = String(linkIn(await smtp.next()).searchParams.get('token'));
    const reset = await strict.inject({
      method: 'POST',
      url: '/users/reset-password/',
      payload: { token, password1: 'New!Pass1', password2: 'New!Pass1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await ctx.count(loginFailures)).toBe(0);
    const signedIn = await login('New!Pass1');
    expect(signedIn.json()).not.toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers a reset request without waiting for the mail server, and the mail still arrives', async () => {
    const slow = await startTestSmtp({ answerDelayMs: 1500 });
    try {
      const slowApp = await ctx.buildApp({ smtpUrl: slow.url });
      await slowApp.inject({ method: 'POST', url: '/users/register/', payload: defaultRegistration });
      expect(slow.answered).toBe(1); // registration still waits for its mail
      const started = Date.now();
      const asked = await slowApp.inject({
        method: 'POST',
        url: '/users/forgot-password/',
        payload: { email: defaultRegistration.email },
      });
      expect(asked.json()).toEqual({ success: true, message: authMessages.resetSent });
      // The reply for an existing account comes before the SMTP transaction ends, as for an unknown one.
      expect(slow.answered).toBe(1);
      expect(Date.now() - started).toBeLessThan(1000);
      await slow.next(); // the verification mail
      expect(linkIn(await slow.next()).pathname).toBe('/reset-password');
      // Closing the app waits for the mail still being sent.
      await slowApp.close();
      expect(slow.answered).toBe(2);
    } finally {
      await slow.close();
    }
  });

  describe('POST /users/resend-verification/', () => {
    const resend = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/users/resend-verification/', headers });

    it('mails a new verification link to a signed-in user whose address is unverified', async () => {
      const ann = await signUp(app);
      await smtp.next(); // the registration's
      const check = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: ann.headers });
      expect(check.json().user.email_verified).toBe(false);
      const asked = await resend(ann.headers);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ success: true, message: authMessages.verificationSent });
      const link = linkIn(await smtp.next());
      expect(link.pathname).toBe('/verify-email');
      const verified = await post('/users/verify-email/', { token: String(link.searchParams.get('token')) });
      expect(verified.json()).toEqual({ success: true, message: authMessages.emailVerified });
      const after = await app.inject({ method: 'GET', url: '/users/authcheck/', headers: ann.headers });
      expect(after.json().user.email_verified).toBe(true);
    });

    it('answers the same but mails nothing once the address is verified', async () => {
      const ann = await signUp(app);
      await smtp.next();
      await ctx.db.update(users).set({ emailVerifiedAt: new Date() });
      const asked = await resend(ann.headers);
      expect(asked.json()).toEqual({ success: true, message: authMessages.verificationSent });
      await internalsOf(app).mailsSent();
      expect(smtp.mails).toHaveLength(1);
      expect(await ctx.count(emailTokens)).toBe(1);
    });

    it('mails one address at most three verification links an hour, even asked for in parallel', async () => {
      const ann = await signUp(app);
      const answers = await Promise.all(Array.from({ length: 8 }, () => resend(ann.headers)));
      for (const asked of answers)
        expect(asked.json()).toEqual({ success: true, message: authMessages.verificationSent });
      await internalsOf(app).mailsSent();
      expect(smtp.mails).toHaveLength(LINK_MAILS_PER_HOUR); // the registration's counts too
      expect(await ctx.count(emailTokens)).toBe(LINK_MAILS_PER_HOUR);
      ctx.clock.advance(60 * 60 * 1000 + 1);
      const again = await post('/users/login/', {
        username: defaultRegistration.email,
        password: defaultRegistration.password1,
      });
      expect((await resend(bearer(again.json().access_token))).statusCode).toBe(200);
      for (let i = 0; i <= LINK_MAILS_PER_HOUR; i++) await smtp.next();
      await internalsOf(app).mailsSent();
      expect(smtp.mails).toHaveLength(LINK_MAILS_PER_HOUR + 1);
    });

    it('counts toward the per-IP limit of the auth routes', async () => {
      const strict = await ctx.buildApp({ smtpUrl: smtp.url, authRateLimitIp: 2 });
      const ann = await signUp(strict); // the first attempt of this minute
      const ask = () =>
        strict.inject({ method: 'POST', url: '/users/resend-verification/', headers: ann.headers });
      expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    });

    it('refuses a caller that is not signed in', async () => {
      const asked = await resend({});
      expect(asked.statusCode).toBe(401);
      expect(await ctx.count(emailTokens)).toBe(0);
    });
  });

  it('without SMTP, writes each mail to DATA_DIR/outbox so the server still works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wadesk-outbox-'));
    const offline = await ctx.buildApp({ smtpUrl: null, dataDir });
    const registered = await offline.inject({
      method: 'POST',
      url: '/users/register/',
      payload: defaultRegistration,
    });
    expect(registered.statusCode).toBe(201);
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = readFileSync(join(dataDir, 'outbox', String(files[0])), 'utf8');
    expect(mail).toContain('To: ann@example.com');
    expect(mail).toContain('verify-email?token=');
  });
});
