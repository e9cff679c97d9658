import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum, which isolatedModules cannot read; 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface Argon2Cost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
}

// OWASP's recommended argon2id parameters: 19 MiB memory, 2 passes, 1 lane.
export const OWASP_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/**
 * argon2id at the given cost. A stored hash names its own parameters, so `verify` accepts hashes of any
 * cost: the server tests hash at the lowest cost (docs/testing.md) and production at OWASP's.
 */
export function createPasswords(cost: Argon2Cost = OWASP_COST): Passwords {
  const options = { algorithm: ARGON2ID, ...cost, parallelism: 1 };
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // a malformed stored hash must not become a 500 or a way in
      }
    },
  };
}

export const passwords: Passwords = createPasswords();
