import { describe, expect, it } from 'vitest';
import { createPasswords, passwords } from './passwords';

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

  it("verifies a hash of any cost, since the hash names its own (the tests' cheap hashes included)", async () => {
    const cheap = await createPasswords({ memoryCost: 8, timeCost: 1 }).hash('Secret!A');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await passwords.verify(cheap, 'Secret!A')).toBe(true);
    expect(await passwords.verify(cheap, 'Secret!B')).toBe(false);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await passwords.verify('not-a-hash', 'Secret!A')).toBe(false);
  });
});
