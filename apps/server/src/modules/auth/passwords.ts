import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum, which isolatedModules cannot read; 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

// OWASP's recommended argon2id parameters: 19 MiB memory, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const passwords: Passwords = {
  hash: (password) => hash(password, OPTIONS),
  async verify(passwordHash, password) {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash must not become a 500 or a way in
    }
  },
};
