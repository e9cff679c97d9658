import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { AUDIT_PAGE_DEFAULT } from '@wadesk/contract';
import { type AuditFilters, filtersToRequest } from '@/features/audit/utils/audit-filters';
import { membersListQuery } from '@/shared/api/directory-queries';
import { fetchAuditLog } from './audit-api';

/** The audit feature's query keys: every cached audit answer sits under `auditKeys.all`. */
export const auditKeys = {
  all: ['audit'] as const,
  log: (filters: AuditFilters) => [...auditKeys.all, 'log', filters] as const,
};

/** Newest first; each "Load older" asks for the entries before the oldest one shown. */
export const auditLogQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.log(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchAuditLog(
        {
          ...filtersToRequest(filters),
          limit: AUDIT_PAGE_DEFAULT,
          ...(pageParam === undefined ? {} : { before_id: pageParam }),
        },
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.entries.at(-1)?.id : undefined),
  });

export const auditMembersQuery = () =>
  queryOptions({
    ...membersListQuery(),
    staleTime: 60_000,
  });
