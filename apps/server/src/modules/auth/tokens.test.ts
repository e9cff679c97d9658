import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens, hashRefreshToken, newRefreshToken } from './tokens';

const secret = 'unit-test-secret-that-is-long-enough';
const claims = { userId: 7, organisationId: 3, sessionId: '0b7c6a52-5a39-4c63-9d0f-0c7c1f9a1e11' };
const verified = (clock: () => Date, issuedAt = clock()) => ({
  ...claims,
  expiresAt: new Date(Math.floor(issuedAt.getTime() / 1000) * 1000 + ACCESS_TOKEN_TTL_SECONDS * 1000),
  issuedAt,
});

describe('access tokens', () => {
  it('round-trips user, organisation and sign-in ids with the wadesk issuer, and tells the expiry', async () => {
    const clock = createFakeClock();
    const tokens = createAccessTokens({ secret, clock });
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(verified(clock));
    const payload = JSON.parse(Buffer.from(String(token.split('.')[1]), 'base64url').toString());
    expect(payload).toMatchObject({ sub: '7', org: 3, sid: claims.sessionId, iss: 'wadesk' });
    expect(payload.exp - payload.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('expires after 15 minutes', async () => {
    const clock = createFakeClock();
    const tokens = createAccessTokens({ secret, clock });
    const expected = verified(clock);
    const token = await tokens.sign(claims);
    clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(expected);
    clock.advance(2000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('rejects tokens signed with another secret, without a signature, or from another issuer', async () => {
    const clock = createFakeClock();
    const tokens = createAccessTokens({ secret, clock });
    const other = await createAccessTokens({ secret: `${secret}-other`, clock }).sign(claims);
    const unsigned = new UnsecuredJWT({ org: 3 })
      .setSubject('7')
      .setIssuer('wadesk')
      .setExpirationTime('5m')
      .encode();
    const foreign = await new SignJWT({ org: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('someone-else')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    for (const token of [other, unsigned, foreign, 'garbage', '']) {
      expect(await tokens.verify(token)).toBeNull();
    }
  });

  it('rejects our own signature on a token without an expiry or without an issue time', async () => {
    const clock = createFakeClock();
    const tokens = createAccessTokens({ secret, clock });
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(clock().getTime() / 1000);
    const base = () =>
      new SignJWT({ org: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setIssuer('wadesk');
    const noExpiry = await base().setIssuedAt(now).sign(key);
    const noIssueTime = await base()
      .setExpirationTime(now + 300)
      .sign(key);
    const complete = await base()
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(key);
    expect(await tokens.verify(noExpiry)).toBeNull();
    expect(await tokens.verify(noIssueTime)).toBeNull();
    expect(await tokens.verify(complete)).not.toBeNull();
  });

  it('checks what jose checked: HS256 only, no extensions, the canonical signature, exp at its second, nbf', async () => {
    const clock = createFakeClock();
    const tokens = createAccessTokens({ secret, clock });
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(clock().getTime() / 1000);
    const signed = (extra: Record<string, unknown> = {}, exp = now + 300) =>
      new SignJWT({ org: 3, ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('7')
        .setIssuer('wadesk')
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
    const good = await signed();
    expect(await tokens.verify(good)).not.toBeNull();
    // The same key under another HMAC: the algorithm is pinned.
    const hs512 = await new SignJWT({ org: 3 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('7')
      .setIssuer('wadesk')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(secret.repeat(2)));
    expect(await tokens.verify(hs512)).toBeNull();
    // Signed by hand: jose itself refuses to sign these.
    const mac = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const byHand = (header: unknown, payload: unknown) => {
      const data = `${encode(header)}.${encode(payload)}`;
      return `${data}.${mac(data)}`;
    };
    const claims = { sub: '7', org: 3, iss: 'wadesk', iat: now, exp: now + 300 };
    expect(await tokens.verify(byHand({ alg: 'HS256' }, claims))).not.toBeNull();
    // An extension we do not implement must not be ignored; the payload must be a JSON object.
    expect(await tokens.verify(byHand({ alg: 'HS256', crit: ['x'], x: 1 }, claims))).toBeNull();
    expect(await tokens.verify(byHand({ alg: 'HS256', b64: false, crit: ['b64'] }, claims))).toBeNull();
    expect(await tokens.verify(byHand({ alg: 'HS256' }, [1]))).toBeNull();
    expect(await tokens.verify(byHand({ alg: 'HS256' }, { ...claims, exp: String(now + 300) }))).toBeNull();
    // A second spelling of the same signature bytes (a trailing bit set in the last base64url character).
    const [h, p, sig] = good.split('.') as [string, string, string];
    const last = sig.slice(-1);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = `${h}.${p}.${sig.slice(0, -1)}${alphabet[alphabet.indexOf(last) + 1]}`;
    expect(Buffer.from(twin.split('.')[2] as string, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(await tokens.verify(twin)).toBeNull();
    // Expired at its `exp` second, as jose has it; not valid before `nbf`.
    expect(await tokens.verify(await signed({}, now))).toBeNull();
    expect(await tokens.verify(await signed({}, now + 1))).not.toBeNull();
    expect(await tokens.verify(await signed({ nbf: now + 60 }))).toBeNull();
    expect(await tokens.verify(await signed({ nbf: now }))).not.toBeNull();
  });

  it('reads a token without a sign-in id (signed before `sid` existed) as sessionId null', async () => {
    const clock = createFakeClock();
    const tokens = createAccessTokens({ secret, clock });
    const token = await tokens.sign({ ...claims, sessionId: null });
    expect(await tokens.verify(token)).toEqual({ ...verified(clock), sessionId: null });
  });
});

describe('refresh tokens', () => {
  it('are 32 random bytes, stored only as a sha-256 hex digest', () => {
    const token = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newRefreshToken()).not.toBe(token);
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).toBe(hashRefreshToken(token));
  });
});
