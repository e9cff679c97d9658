import type { DbTransaction } from '../../db/client';
import type { slaPolicies } from './sla.schema';

// What other modules read and change of the SLA tables, only through this port: the sla module stays their
// one writer (docs/architecture.md, owner table). Settings replaces the list; the clocks will read it.

export type SlaPolicyRow = Omit<typeof slaPolicies.$inferSelect, 'organisationId' | 'position' | 'createdAt'>;
/** A policy as the list to store holds it: without an id it is new. */
export type SlaPolicyToStore = Omit<SlaPolicyRow, 'id'> & { id?: number };

export interface SlaPolicies {
  /** The organisation's policies in their order. */
  list(organisationId: number): Promise<SlaPolicyRow[]>;
  /**
   * Replaces the list: policies with an id are changed, without one added, the rest removed. Refused, with
   * nothing changed, when an id is not one of the organisation's policies or a label not one of its labels.
   */
  replace<T>(
    organisationId: number,
    wanted: readonly SlaPolicyToStore[],
    /** More writes of the same save, in the same transaction: all of it is kept, or none. */
    alsoInTransaction: (tx: DbTransaction) => Promise<T>,
  ): Promise<
    { before: SlaPolicyRow[]; after: SlaPolicyRow[]; also: T } | 'policy_not_found' | 'label_not_found'
  >;
  /**
   * Queues the organisation's tickets for their clocks to be computed again (new policies, hours, warning
   * lead): the active ones and those closed in the last 30 days. Inside `tx` when given.
   */
  remeasure(organisationId: number, tx?: DbTransaction): Promise<void>;
  /** `work` (another write of the same save) and `remeasure` in one transaction: both are kept, or neither. */
  remeasureWith<T>(organisationId: number, work: (tx: DbTransaction) => Promise<T>): Promise<T>;
}
