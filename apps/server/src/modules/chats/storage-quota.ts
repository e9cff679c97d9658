import { formatSize } from '../../sizes';

/**
 * Whether an organisation's owner has proved an email address (by the emailed link, Google or a password
 * reset). A port this module declares and auth implements (owner-verification.repository.ts), handed over
 * in app.ts: the users table is auth's.
 */
export interface OwnerVerification {
  /** True when at least one owner of the organisation has a verified address. */
  ownerVerified(organisationId: number): Promise<boolean>;
}

export interface StorageQuotaRule {
  /** Media bytes an organisation may store (STORAGE_QUOTA_BYTES). */
  quotaBytes: number;
  /** The same while no owner has verified an address (UNVERIFIED_STORAGE_QUOTA_BYTES). */
  unverifiedQuotaBytes: number;
  owners: OwnerVerification;
}

/** The quota that applies to an organisation now, and the words of a refusal under it. */
export interface QuotaInForce {
  bytes: number;
  refusal(used: number): string;
}

/** The upload toast when the organisation's media would outgrow its quota. */
export const storageFull = (used: number, quota: number) =>
  `Your organisation's storage is full: ${formatSize(used)} of ${formatSize(quota)} used. Delete saved chats to make room, or upload the chat text without its media.`;

/** The same while the small quota of an organisation without a verified owner applies. */
export const unverifiedStorageFull = (used: number, quota: number, fullQuota: number) =>
  `Your organisation can store ${formatSize(quota)} of media until its owner confirms their email address, and ${formatSize(used)} are used. Confirming the address (the link in the mail sent at sign-up) raises the limit to ${formatSize(fullQuota)}. Until then, delete saved chats to make room, or upload the chat text without its media.`;

/**
 * An organisation whose owners have not verified an address gets the small quota: anyone can sign up
 * with an address that is not theirs, and such an account should not be able to fill the storage.
 */
export async function quotaInForce(rule: StorageQuotaRule, organisationId: number): Promise<QuotaInForce> {
  const { quotaBytes, unverifiedQuotaBytes } = rule;
  if (unverifiedQuotaBytes < quotaBytes && !(await rule.owners.ownerVerified(organisationId))) {
    return {
      bytes: unverifiedQuotaBytes,
      refusal: (used) => unverifiedStorageFull(used, unverifiedQuotaBytes, quotaBytes),
    };
  }
  return { bytes: quotaBytes, refusal: (used) => storageFull(used, quotaBytes) };
}
