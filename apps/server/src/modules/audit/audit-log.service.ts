import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditAction,
  type AuditLogEntry,
  type AuditLogResponse,
  auditActionLabels,
  auditMessages,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import { csvLine } from '../../http/csv';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository';

/** The filters as the contract parsed them (auditLogRequest, auditLogExportQuery). */
export interface AuditQuery {
  action?: AuditAction;
  actor_id?: number;
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** The CSV is read in pages of this many entries: memory stays flat however long the export is. */
const EXPORT_PAGE = 1_000;

/** Contract dates to a half-open range: a date-only `to` includes its whole (UTC) day. */
export function auditFilter(query: AuditQuery): AuditFilter {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to =
    query.to === undefined
      ? undefined
      : new Date(new Date(query.to).getTime() + (isDateOnly(query.to) ? DAY_MS : 0));
  if (from && to && from.getTime() > to.getTime()) throw new AppError(400, auditMessages.rangeInvalid);
  return { action: query.action, actorId: query.actor_id, from, to };
}

const toEntry = (row: AuditRow): AuditLogEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor_id: row.actorId,
  actor_name: row.actorName,
  action: row.action,
  target: row.target,
  details: row.details,
});

const label = (action: string) => auditActionLabels[action as AuditAction] ?? action;

export const AUDIT_CSV_HEADER = ['When (UTC)', 'Who', 'What', 'Action', 'Target', 'Details'] as const;

/** Reading the audit log (owners and admins): pages for the Audit log page and the CSV export. */
export function createAuditLogService({ repo }: { repo: AuditRepository }) {
  return {
    async page(
      organisationId: number,
      query: AuditQuery & { before_id?: number; limit: number },
    ): Promise<AuditLogResponse> {
      // One more than asked says whether older entries exist without counting them.
      const rows = await repo.page(organisationId, auditFilter(query), query.before_id, query.limit + 1);
      return { entries: rows.slice(0, query.limit).map(toEntry), has_more: rows.length > query.limit };
    },

    /**
     * The CSV, newest first, in pages; at most AUDIT_EXPORT_MAX_ROWS entries. The filters are checked
     * before the first line, so a bad one is a 400 rather than a broken download.
     */
    exportCsv(organisationId: number, query: AuditQuery): AsyncIterable<string> {
      const filter = auditFilter(query);
      return (async function* lines() {
        yield csvLine(AUDIT_CSV_HEADER);
        let beforeId: number | undefined;
        let sent = 0;
        while (sent < AUDIT_EXPORT_MAX_ROWS) {
          const size = Math.min(EXPORT_PAGE, AUDIT_EXPORT_MAX_ROWS - sent);
          const rows = await repo.page(organisationId, filter, beforeId, size);
          let chunk = '';
          for (const row of rows) {
            chunk += csvLine([
              row.at.toISOString(),
              row.actorName ?? (row.actorId === null ? 'WhatsApp / system' : `Member #${row.actorId}`),
              label(row.action),
              row.action,
              row.target,
              Object.keys(row.details).length ? JSON.stringify(row.details) : null,
            ]);
          }
          if (chunk) yield chunk;
          sent += rows.length;
          const last = rows.at(-1);
          if (!last || rows.length < size) return;
          beforeId = last.id;
        }
      })();
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
