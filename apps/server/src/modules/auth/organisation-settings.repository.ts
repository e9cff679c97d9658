import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import type { OrganisationSettings, SettingsRow } from './auth.ports';
import { organisations } from './auth.schema';

/**
 * The settings columns and the name of organisations, which the settings module reads and changes through
 * this port.
 */
export function createOrganisationSettingsRepository(db: Db): OrganisationSettings {
  const columns = {
    ackPhrases: organisations.ackPhrases,
    unansweredMinutes: organisations.unansweredMinutes,
    autoPending: organisations.autoPending,
    reopenDays: organisations.reopenDays,
    businessHours: organisations.businessHours,
    slaWarningMinutes: organisations.slaWarningMinutes,
    outOfHoursReply: organisations.outOfHoursReply,
    outOfHoursMessage: organisations.outOfHoursMessage,
    satisfactionPoll: organisations.satisfactionPoll,
  };
  const get = async (
    organisationId: number,
    executor: Db | DbTransaction = db,
  ): Promise<SettingsRow | null> => {
    const [row] = await executor
      .select(columns)
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row ?? null;
  };
  return {
    get: (organisationId) => get(organisationId),

    async update(organisationId, patch, tx) {
      const executor = tx ?? db;
      if (Object.keys(patch).length === 0) return get(organisationId, executor);
      const [row] = await executor
        .update(organisations)
        .set(patch)
        .where(eq(organisations.id, organisationId))
        .returning(columns);
      return row ?? null;
    },

    rename(organisationId, name) {
      // Read and written under one row lock: two renames at once each report the name they replaced.
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ name: organisations.name })
          .from(organisations)
          .where(eq(organisations.id, organisationId))
          .for('update');
        if (!before) return null;
        await tx.update(organisations).set({ name }).where(eq(organisations.id, organisationId));
        return { previous: before.name };
      });
    },
  };
}
