import { randomUUID } from 'node:crypto';

/** Where the composer's attachments wait, between the upload and the send, in object storage (decision 0024). */
export const OUTGOING_PREFIX = 'outgoing/';

const OUTGOING = /^outgoing\/[0-9a-f-]{36}$/;

/** A new name for an attachment on its way to WhatsApp. */
export const outgoingObjectName = (): string => `${OUTGOING_PREFIX}${randomUUID()}`;

/**
 * An attachment on its way: no row ever references it, and it is deleted once sent; the orphan sweep removes
 * one a crash left behind once it is older than the grace.
 */
export const isOutgoingObjectName = (name: string): boolean => OUTGOING.test(name);
