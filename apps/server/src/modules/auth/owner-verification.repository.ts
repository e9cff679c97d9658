import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OwnerVerification } from '../chats/storage-quota';
import { users } from './auth.schema';

/** The chats module's OwnerVerification port (its storage quota): auth stays the one reader of users here. */
export function createOwnerVerificationRepository(db: Db): OwnerVerification {
  return {
    async ownerVerified(organisationId) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(users)
        .where(
          and(
            eq(users.organisationId, organisationId),
            eq(users.role, 'owner'),
            isNotNull(users.emailVerifiedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
