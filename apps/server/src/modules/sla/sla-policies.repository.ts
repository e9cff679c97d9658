import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { lockOrganisation } from '../../db/organisation-lock';
import { labels } from '../tickets/tickets.schema';
import type { SlaPolicies, SlaPolicyRow } from './sla.ports';
import { slaPolicies } from './sla.schema';

const columns = {
  id: slaPolicies.id,
  name: slaPolicies.name,
  labelIds: slaPolicies.labelIds,
  firstResponseMinutes: slaPolicies.firstResponseMinutes,
  nextResponseMinutes: slaPolicies.nextResponseMinutes,
  resolutionMinutes: slaPolicies.resolutionMinutes,
  calendar: slaPolicies.calendar,
  pauseWhilePending: slaPolicies.pauseWhilePending,
};

/** An organisation's SLA policies, in their order. */
export function createSlaPoliciesRepository(db: Db): SlaPolicies {
  // A label deleted since the list was saved drops out of it here: the list shows and saves only the
  // organisation's labels, so a deleted one never blocks the next save.
  const list = async (executor: Db | DbTransaction, organisationId: number): Promise<SlaPolicyRow[]> => {
    const rows = await executor
      .select(columns)
      .from(slaPolicies)
      .where(eq(slaPolicies.organisationId, organisationId))
      .orderBy(asc(slaPolicies.position), asc(slaPolicies.id));
    if (!rows.some((row) => row.labelIds.length > 0)) return rows;
    const held = new Set(
      (
        await executor.select({ id: labels.id }).from(labels).where(eq(labels.organisationId, organisationId))
      ).map((label) => label.id),
    );
    return rows.map((row) => ({ ...row, labelIds: row.labelIds.filter((id) => held.has(id)) }));
  };

  const remeasure = async (organisationId: number, executor: Db | DbTransaction) => {
    await executor.execute(sql`
      insert into sla_stale (ticket_id, organisation_id)
      select id, organisation_id from tickets
      where organisation_id = ${organisationId}
        and (status <> 'close' or closed_at >= now() - interval '30 days')
      on conflict (ticket_id) do update set queued_at = excluded.queued_at`);
  };

  return {
    list: (organisationId) => list(db, organisationId),

    remeasure: (organisationId, tx) => remeasure(organisationId, tx ?? db),

    remeasureWith: (organisationId, work) =>
      db.transaction(async (tx) => {
        const done = await work(tx);
        await remeasure(organisationId, tx);
        return done;
      }),

    // Under the organisation's lock: two admins saving at once each see the list the other left.
    replace(organisationId, wanted, alsoInTransaction) {
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const before = await list(tx, organisationId);
        const held = new Set(before.map((policy) => policy.id));
        if (wanted.some((policy) => policy.id !== undefined && !held.has(policy.id)))
          return 'policy_not_found';
        const labelIds = [...new Set(wanted.flatMap((policy) => policy.labelIds))];
        if (labelIds.length > 0) {
          const [found] = await tx
            .select({ n: count() })
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, labelIds)));
          if ((found?.n ?? 0) !== labelIds.length) return 'label_not_found';
        }
        const kept = wanted.flatMap((policy) => (policy.id === undefined ? [] : [policy.id]));
        await tx
          .delete(slaPolicies)
          .where(
            and(
              eq(slaPolicies.organisationId, organisationId),
              ...(kept.length > 0 ? [notInArray(slaPolicies.id, kept)] : []),
            ),
          );
        for (const [position, { id, ...fields }] of wanted.entries()) {
          if (id === undefined) await tx.insert(slaPolicies).values({ ...fields, organisationId, position });
          else
            await tx
              .update(slaPolicies)
              .set({ ...fields, position })
              .where(and(eq(slaPolicies.organisationId, organisationId), eq(slaPolicies.id, id)));
        }
        const also = await alsoInTransaction(tx);
        return { before, after: await list(tx, organisationId), also };
      });
    },
  };
}
