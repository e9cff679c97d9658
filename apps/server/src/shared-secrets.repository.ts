import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { sharedSecrets } from './shared-secrets.schema';

export type SharedSecretsRepository = ReturnType<typeof createSharedSecretsRepository>;

export function createSharedSecretsRepository(db: Db) {
  return {
    /** The secret stored under `name`; `candidate` is stored first if there is none (the first caller wins). */
    async getOrCreate(name: string, candidate: string): Promise<string> {
      await db.insert(sharedSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await db
        .select({ value: sharedSecrets.value })
        .from(sharedSecrets)
        .where(eq(sharedSecrets.name, name));
      if (!row) throw new Error(`shared secret ${name} missing after insert`);
      return row.value;
    },
  };
}
