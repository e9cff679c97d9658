import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';

export interface SettingsRow {
  /** null: the default list (DEFAULT_ACK_PHRASES in the contract). */
  ackPhrases: string[] | null;
  unansweredMinutes: number;
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/** The organisation's settings columns of organisations. */
export function createSettingsRepository(db: Db) {
  const columns = {
    ackPhrases: organisations.ackPhrases,
    unansweredMinutes: organisations.unansweredMinutes,
  };
  return {
    async get(organisationId: number): Promise<SettingsRow | null> {
      const [row] = await db.select(columns).from(organisations).where(eq(organisations.id, organisationId));
      return row ?? null;
    },

    /** Only the fields given change; answers the settings as they now are. */
    async update(organisationId: number, patch: Partial<SettingsRow>): Promise<SettingsRow | null> {
      if (Object.keys(patch).length === 0) return this.get(organisationId);
      const [row] = await db
        .update(organisations)
        .set(patch)
        .where(eq(organisations.id, organisationId))
        .returning(columns);
      return row ?? null;
    },
  };
}
