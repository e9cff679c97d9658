import {
  DEFAULT_ACK_PHRASES,
  normaliseAckPhrase,
  type OrganisationResponse,
  type SettingsResponse,
  type UpdateSettingsRequest,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { OrganisationSettings, SettingsRow } from '../auth/auth.ports';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** Each phrase once, normalised as the engine compares it, in the order given. */
const normalised = (phrases: readonly string[]) => [
  ...new Set(phrases.map(normaliseAckPhrase).filter((p) => p.length > 0)),
];

/** The default list as the engine compares it ("thanks" and "thanks!" are one phrase). */
const DEFAULT_PHRASES = normalised(DEFAULT_ACK_PHRASES);

const toResponse = (row: SettingsRow): SettingsResponse => ({
  ack_phrases: row.ackPhrases ?? [...DEFAULT_PHRASES],
  unanswered_minutes: row.unansweredMinutes,
  auto_pending: row.autoPending,
  reopen_days: row.reopenDays,
});

/** Each stored field's name on the wire, for the audit entry. */
const WIRE_NAMES = {
  ackPhrases: 'ack_phrases',
  unansweredMinutes: 'unanswered_minutes',
  autoPending: 'auto_pending',
  reopenDays: 'reopen_days',
} as const satisfies Record<keyof SettingsRow, keyof SettingsResponse>;

function phrasesToStore(phrases: readonly string[]): string[] | null {
  const unique = normalised(phrases);
  const isDefault =
    unique.length === DEFAULT_PHRASES.length && unique.every((p, i) => p === DEFAULT_PHRASES[i]);
  // The default list is stored as null, so an organisation that never chose its own follows the default.
  return isDefault ? null : unique;
}

/**
 * Organisation settings. The ticket engine reads the acknowledgement phrases with every message it claims
 * (live-queue.repository.ts), and the pending and reopen settings in its own statements
 * (tickets/ticket-ledger.repository.ts), so a change applies to the next message on every instance, no
 * cache to expire.
 */
export function createSettingsService(deps: {
  /** The settings columns of organisations, which the auth module owns. */
  organisations: OrganisationSettings;
  audit: Pick<AuditRecorder, 'record'>;
}) {
  const notFound = () => new AppError(404, 'Your organisation was not found. Sign in again.');
  return {
    async get(organisationId: number): Promise<SettingsResponse> {
      const row = await deps.organisations.get(organisationId);
      if (!row) throw notFound();
      return toResponse(row);
    },

    async update(
      actor: { organisationId: number; userId: number },
      request: UpdateSettingsRequest,
    ): Promise<SettingsResponse> {
      const patch: Partial<SettingsRow> = {};
      if (request.ack_phrases !== undefined) patch.ackPhrases = phrasesToStore(request.ack_phrases);
      if (request.unanswered_minutes !== undefined) patch.unansweredMinutes = request.unanswered_minutes;
      if (request.auto_pending !== undefined) patch.autoPending = request.auto_pending;
      if (request.reopen_days !== undefined) patch.reopenDays = request.reopen_days;
      const before = await deps.organisations.get(actor.organisationId);
      const row = await deps.organisations.update(actor.organisationId, patch);
      if (!before || !row) throw notFound();
      const changed = Object.keys(patch).filter(
        (key) =>
          JSON.stringify(before[key as keyof SettingsRow]) !== JSON.stringify(row[key as keyof SettingsRow]),
      );
      if (changed.length > 0)
        await deps.audit.record({
          organisationId: actor.organisationId,
          actorId: actor.userId,
          action: 'settings.changed',
          target: 'Organisation settings',
          details: Object.fromEntries(
            changed.map((key) => {
              const name = WIRE_NAMES[key as keyof SettingsRow];
              return [name, { from: toResponse(before)[name], to: toResponse(row)[name] }];
            }),
          ),
        });
      return toResponse(row);
    },

    /** Owners: the organisation's name, recorded in the audit log when it changed. */
    async rename(
      actor: { organisationId: number; userId: number },
      name: string,
    ): Promise<OrganisationResponse> {
      const renamed = await deps.organisations.rename(actor.organisationId, name);
      if (!renamed) throw notFound();
      if (renamed.previous !== name)
        await deps.audit.record({
          organisationId: actor.organisationId,
          actorId: actor.userId,
          action: 'organisation.renamed',
          target: name,
          details: { from: renamed.previous, to: name },
        });
      return { name };
    },
  };
}
