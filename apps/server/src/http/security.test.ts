import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/test-config';
import { buildApp } from '../app';
import { cspDirectives } from './security';

describe('cspDirectives', () => {
  it('allows only our own origin when nothing external is configured', () => {
    const csp = cspDirectives({ googleClientId: null, demoVideoUrl: null });
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
    expect(csp.frameSrc).toEqual(["'none'"]);
    expect(csp.frameAncestors).toEqual(["'none'"]);
    expect(csp.objectSrc).toEqual(["'none'"]);
  });

  it('adds Google where its sign-in button needs it', () => {
    const csp = cspDirectives({ googleClientId: 'id', demoVideoUrl: null });
    for (const directive of [csp.scriptSrc, csp.styleSrc, csp.connectSrc, csp.frameSrc]) {
      expect(directive).toContain('https://accounts.google.com');
    }
  });

  it('frames only the demo video origin', () => {
    const csp = cspDirectives({
      googleClientId: null,
      demoVideoUrl: 'https://www.youtube-nocookie.com/embed/x?y=1',
    });
    expect(csp.frameSrc).toEqual(['https://www.youtube-nocookie.com']);
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (trustProxy: boolean, headers: Record<string, string>) => {
    const app = await buildApp(testConfig({ trustProxy }), { logger: false });
    try {
      return (await app.inject({ method: 'GET', url: '/healthz', headers })).headers[
        'strict-transport-security'
      ];
    } finally {
      await app.close();
    }
  };

  it('is not sent over plain http, whatever an untrusted client claims', async () => {
    expect(await hsts(false, {})).toBeUndefined();
    expect(await hsts(false, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over TLS', async () => {
    expect(await hsts(true, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(true, { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });
});
