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
