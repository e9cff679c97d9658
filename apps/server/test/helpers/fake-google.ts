import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const GOOGLE_CLIENT_ID = 'wadesk-test.apps.googleusercontent.com';

export interface FakeGoogle {
  /** Point GOOGLE_JWKS_URL here. */
  jwksUrl: string;
  /** A Google-shaped ID token signed with the served key; claims and header fields can be overridden. */
  idToken(claims?: JWTPayload, options?: { expiresIn?: string | number; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

/** A loopback server publishing an RSA key as a JWKS, standing in for Google's certificate endpoint. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'test-key';
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken(claims = {}, options = {}) {
      return new SignJWT({
        email: 'gina@example.com',
        email_verified: true,
        given_name: 'Gina',
        family_name: 'Gold',
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid })
        .setIssuer(typeof claims.iss === 'string' ? claims.iss : 'https://accounts.google.com')
        .setAudience(claims.aud ?? GOOGLE_CLIENT_ID)
        .setSubject(claims.sub ?? 'google-subject-1')
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey);
    },
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
