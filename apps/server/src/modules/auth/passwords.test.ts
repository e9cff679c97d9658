import { describe, expect, it } from 'vitest';
import { passwords } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await passwords.hash('Secret!A');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(hash, 'Secret!A')).toBe(true);
    expect(await passwords.verify(hash, 'secret!a')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await passwords.hash('Secret!A')).not.toBe(await passwords.hash('Secret!A'));
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await passwords.verify('not-a-hash', 'Secret!A')).toBe(false);
  });
});
