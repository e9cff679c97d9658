import {
  type DeleteLabelResponse,
  type Label,
  MAX_LABELS,
  type SaveLabelResponse,
  workflowMessages,
} from '@wadesk/contract';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { LabelRow, LabelsRepository } from './labels.repository';
import type { Actor } from './tickets.service';

export type LabelsService = ReturnType<typeof createLabelsService>;

const toLabel = (row: LabelRow): Label => ({ id: row.id, name: row.name, colour: row.colour });

/** The organisation's ticket labels (at most MAX_LABELS): every member reads them, admins manage them. */
export function createLabelsService({ repo, audit }: { repo: LabelsRepository; audit: AuditRecorder }) {
  return {
    async list(organisationId: number): Promise<Label[]> {
      return (await repo.list(organisationId)).map(toLabel);
    },

    async save(
      actor: Actor,
      input: { id?: number | undefined; name: string; colour: string },
    ): Promise<SaveLabelResponse> {
      const { organisationId } = actor;
      let row: LabelRow | 'full' | null;
      try {
        row =
          input.id === undefined
            ? await repo.create(organisationId, input.name, input.colour, MAX_LABELS)
            : await repo.update(organisationId, input.id, input.name, input.colour);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, workflowMessages.labelTaken);
        throw error;
      }
      // 409 like the other counted limits (the active-session limit): the organisation's state refuses it.
      if (row === 'full') throw new AppError(409, workflowMessages.tooManyLabels);
      if (!row) throw new AppError(404, workflowMessages.labelNotFound);
      await audit.record({
        organisationId,
        actorId: actor.id,
        action: 'label.saved',
        target: row.name,
        details: { label_id: row.id, colour: row.colour, created: input.id === undefined },
      });
      return { success: true, message: workflowMessages.labelSaved, label: toLabel(row) };
    },

    async remove(actor: Actor, labelId: number): Promise<DeleteLabelResponse> {
      const row = await repo.remove(actor.organisationId, labelId);
      if (!row) throw new AppError(404, workflowMessages.labelNotFound);
      await audit.record({
        organisationId: actor.organisationId,
        actorId: actor.id,
        action: 'label.deleted',
        target: row.name,
        details: { label_id: row.id },
      });
      return { success: true, message: workflowMessages.labelDeleted };
    },
  };
}
