import { type AuditLogRequest, type AuditLogResponse, auditLogResponse } from '@wadesk/contract';
import { type AuditFilters, filtersToQuery } from '@/features/audit/utils/audit-filters';
import { api, apiBlobRequest } from '@/shared/api/api-client';

export function fetchAuditLog(body: AuditLogRequest, signal?: AbortSignal): Promise<AuditLogResponse> {
  return api.post('/org/getAuditLog/', body, auditLogResponse, { signal });
}

/** The CSV the server builds with these filters (bearer token and refresh as every call). */
export function fetchAuditCsv(filters: AuditFilters): Promise<Blob> {
  const query = new URLSearchParams(filtersToQuery(filters)).toString();
  return apiBlobRequest(`/org/auditLog.csv${query ? `?${query}` : ''}`, {
    method: 'GET',
    headers: { accept: 'text/csv' },
  });
}
