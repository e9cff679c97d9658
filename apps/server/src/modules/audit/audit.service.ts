import type { AuditAction } from '@wadesk/contract';
import type { AuditEntry, AuditRepository } from './audit.repository';

/** The entry of something a member did in their organisation. */
export function byMember(
  actor: { id: number; organisationId: number },
  action: AuditAction,
  target: string,
  details?: Record<string, unknown>,
): AuditEntry {
  return { organisationId: actor.organisationId, actorId: actor.id, action, target, details };
}

export interface AuditRecorder {
  /**
   * Records an entry after the thing it describes happened. A failure to record is logged and never
   * undoes or fails the action itself: the action is already done when this runs.
   */
  record(entry: AuditEntry): Promise<void>;
}

export function createAuditRecorder(deps: {
  repo: AuditRepository;
  onError(error: unknown, entry: AuditEntry): void;
}): AuditRecorder {
  return {
    async record(entry) {
      try {
        await deps.repo.append(entry);
      } catch (error) {
        deps.onError(error, entry);
      }
    },
  };
}
