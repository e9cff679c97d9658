import { describe, expect, it } from 'vitest';
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
