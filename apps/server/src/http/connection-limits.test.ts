import { describe, expect, it } from 'vitest';
import { clientKey, trustedPeer } from './connection-limits';

describe('clientKey', () => {
  it('counts an IPv4 client, also as a dual-stack listener sees it, by its address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0:0:0:2',
      '2001:db8:0:1:a::',
      '2001:db8:0:1::7%eth0',
    ]) {
      expect(clientKey(address)).toBe(key);
    }
    expect(clientKey('2001:db8:0:2::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('trustedPeer', () => {
  it('reads TRUST_PROXY as Fastify does: everyone, no one, or a list of addresses and networks', () => {
    expect(trustedPeer(true)('198.51.100.1')).toBe(true);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    const list = trustedPeer('10.0.0.0/8, 127.0.0.1');
    expect([list('10.1.2.3'), list('127.0.0.1'), list('127.0.0.2')]).toEqual([true, true, false]);
    expect(trustedPeer('loopback')('127.0.0.2')).toBe(true);
  });
});
