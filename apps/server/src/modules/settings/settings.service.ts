import {
  DEFAULT_ACK_PHRASES,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_OUT_OF_HOURS_MESSAGE,
  normaliseAckPhrase,
  type OrganisationResponse,
  type SettingsResponse,
  type SlaPolicy,
  slaMessages,
  type UpdateSettingsRequest,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { OrganisationSettings, SettingsRow } from '../auth/auth.ports';
import { isHolidayRegion } from '../sla/holiday-regions';
import type { SlaPolicies, SlaPolicyRow, SlaPolicyToStore } from '../sla/sla.ports';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** Each phrase once, normalised as the engine compares it, in the order given. */
const normalised = (phrases: readonly string[]) => [
  ...new Set(phrases.map(normaliseAckPhrase).filter((p) => p.length > 0)),
];

/** The default list as the engine compares it ("thanks" and "thanks!" are one phrase). */
const DEFAULT_PHRASES = normalised(DEFAULT_ACK_PHRASES);

const policyToWire = (row: SlaPolicyRow): SlaPolicy => ({
  id: row.id,
  name: row.name,
  label_ids: row.labelIds,
  first_response_minutes: row.firstResponseMinutes,
  next_response_minutes: row.nextResponseMinutes,
  resolution_minutes: row.resolutionMinutes,
  calendar: row.calendar,
  pause_while_pending: row.pauseWhilePending,
});

const toResponse = (row: SettingsRow, policies: readonly SlaPolicyRow[]): SettingsResponse => ({
  ack_phrases: row.ackPhrases ?? [...DEFAULT_PHRASES],
  unanswered_minutes: row.unansweredMinutes,
  auto_pending: row.autoPending,
  reopen_days: row.reopenDays,
  business_hours: row.businessHours ?? DEFAULT_BUSINESS_HOURS,
  sla_policies: policies.map(policyToWire),
  sla_warning_minutes: row.slaWarningMinutes,
  out_of_hours_reply: row.outOfHoursReply,
  out_of_hours_message: row.outOfHoursMessage ?? DEFAULT_OUT_OF_HOURS_MESSAGE,
  satisfaction_poll: row.satisfactionPoll,
});

/** Each stored field's name on the wire, for the audit entry. */
const WIRE_NAMES = {
  ackPhrases: 'ack_phrases',
  unansweredMinutes: 'unanswered_minutes',
  autoPending: 'auto_pending',
  reopenDays: 'reopen_days',
  businessHours: 'business_hours',
  slaWarningMinutes: 'sla_warning_minutes',
  outOfHoursReply: 'out_of_hours_reply',
  outOfHoursMessage: 'out_of_hours_message',
  satisfactionPoll: 'satisfaction_poll',
} as const satisfies Record<keyof SettingsRow, keyof SettingsResponse>;

function policiesToStore(policies: NonNullable<UpdateSettingsRequest['sla_policies']>): SlaPolicyToStore[] {
  return policies.map((policy) => ({
    ...(policy.id === undefined ? {} : { id: policy.id }),
    name: policy.name,
    labelIds: [...new Set(policy.label_ids)],
    firstResponseMinutes: policy.first_response_minutes ?? null,
    nextResponseMinutes: policy.next_response_minutes ?? null,
    resolutionMinutes: policy.resolution_minutes ?? null,
    calendar: policy.calendar,
    pauseWhilePending: policy.pause_while_pending,
  }));
}

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
  slaPolicies: SlaPolicies;
  audit: Pick<AuditRecorder, 'record'>;
}) {
  const notFound = () => new AppError(404, 'Your organisation was not found. Sign in again.');
  return {
    async get(organisationId: number): Promise<SettingsResponse> {
      const row = await deps.organisations.get(organisationId);
      if (!row) throw notFound();
      return toResponse(row, await deps.slaPolicies.list(organisationId));
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
      if (request.business_hours !== undefined) {
        const region = request.business_hours.holiday_region;
        if (region !== null && !isHolidayRegion(region))
          throw new AppError(400, slaMessages.holidayRegionInvalid);
        patch.businessHours = request.business_hours;
      }
      if (request.sla_warning_minutes !== undefined) patch.slaWarningMinutes = request.sla_warning_minutes;
      if (request.out_of_hours_reply !== undefined) patch.outOfHoursReply = request.out_of_hours_reply;
      if (request.out_of_hours_message !== undefined)
        patch.outOfHoursMessage =
          request.out_of_hours_message === DEFAULT_OUT_OF_HOURS_MESSAGE ? null : request.out_of_hours_message;
      if (request.satisfaction_poll !== undefined) patch.satisfactionPoll = request.satisfaction_poll;
      // What the clocks are computed from: a change computes every clock of the organisation again.
      const remeasure =
        request.sla_policies !== undefined ||
        patch.businessHours !== undefined ||
        patch.slaWarningMinutes !== undefined ||
        patch.outOfHoursReply !== undefined;
      const before = await deps.organisations.get(actor.organisationId);
      if (!before) throw notFound();
      // The policies and the other fields in one transaction: a refused list (an unknown label) or a failed
      // write changes nothing at all.
      let policies: { before: SlaPolicyRow[]; after: SlaPolicyRow[] } | null = null;
      let row: SettingsRow | null;
      if (request.sla_policies !== undefined) {
        const replaced = await deps.slaPolicies.replace(
          actor.organisationId,
          policiesToStore(request.sla_policies),
          async (tx) => {
            const updated = await deps.organisations.update(actor.organisationId, patch, tx);
            await deps.slaPolicies.remeasure(actor.organisationId, tx);
            return updated;
          },
        );
        if (replaced === 'label_not_found') throw new AppError(400, slaMessages.labelNotFound);
        if (replaced === 'policy_not_found') throw new AppError(400, slaMessages.policyNotFound);
        policies = replaced;
        row = replaced.also;
      } else {
        // The clocks' inputs and the queueing of every ticket for new clocks: one transaction.
        row = remeasure
          ? await deps.slaPolicies.remeasureWith(actor.organisationId, (tx) =>
              deps.organisations.update(actor.organisationId, patch, tx),
            )
          : await deps.organisations.update(actor.organisationId, patch);
      }
      if (!row) throw notFound();
      const after = policies?.after ?? (await deps.slaPolicies.list(actor.organisationId));
      const was = toResponse(before, policies?.before ?? after);
      const now = toResponse(row, after);
      const changed: (keyof SettingsResponse)[] = Object.keys(patch)
        .map((key) => WIRE_NAMES[key as keyof SettingsRow])
        .filter((name) => JSON.stringify(was[name]) !== JSON.stringify(now[name]));
      if (JSON.stringify(was.sla_policies) !== JSON.stringify(now.sla_policies)) changed.push('sla_policies');
      if (changed.length > 0)
        await deps.audit.record({
          organisationId: actor.organisationId,
          actorId: actor.userId,
          action: 'settings.changed',
          target: 'Organisation settings',
          details: Object.fromEntries(changed.map((name) => [name, { from: was[name], to: now[name] }])),
        });
      return now;
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
