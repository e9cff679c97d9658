import type { AuditAction } from '@wadesk/contract';

/** The Audit log page's filters as the form holds them: dates are the inputs' local `yyyy-mm-dd`. */
export interface AuditFilters {
  action: AuditAction | '';
  actorId: number | null;
  fromDate: string;
  toDate: string;
}

export const NO_FILTERS: AuditFilters = { action: '', actorId: null, fromDate: '', toDate: '' };

/** Local midnight of a `yyyy-mm-dd` day, `days` later. */
function localMidnight(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days);
}

/**
 * The filters as the server reads them: the days are the user's own (local) days, sent as instants;
 * the end day is included (the server's `to` is exclusive: the next day's midnight).
 */
export function filtersToQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.action) query.action = filters.action;
  if (filters.actorId !== null) query.actor_id = String(filters.actorId);
  if (filters.fromDate) query.from = localMidnight(filters.fromDate).toISOString();
  if (filters.toDate) query.to = localMidnight(filters.toDate, 1).toISOString();
  return query;
}

/** The same filters as getAuditLog's body. */
export function filtersToRequest(filters: AuditFilters) {
  const { actor_id, ...rest } = filtersToQuery(filters);
  return {
    ...(rest as { action?: AuditAction; from?: string; to?: string }),
    ...(actor_id ? { actor_id: Number(actor_id) } : {}),
  };
}

/** A start day after the end day cannot match anything: the form says so instead of asking. */
export function rangeError(filters: AuditFilters): string | null {
  return filters.fromDate && filters.toDate && filters.fromDate > filters.toDate
    ? 'The start date is after the end date.'
    : null;
}
