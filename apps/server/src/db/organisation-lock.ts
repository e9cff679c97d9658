import { eq } from 'drizzle-orm';
import { organisations } from '../modules/auth/auth.schema';
import type { DbTransaction } from './client';

/**
 * Locks the organisation's row until `tx` ends, so that two writers of one organisation take turns: a count
 * read after it (labels, canned replies, invitations sent) cannot be passed by both. "No key update": rows
 * that merely reference the organisation are not held up.
 */
export async function lockOrganisation(tx: DbTransaction, organisationId: number): Promise<void> {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('no key update');
}
