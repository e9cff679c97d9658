import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { auditLogQuery, auditMembersQuery } from '@/features/audit/api/audit-queries';
import { type AuditFilters, NO_FILTERS, rangeError } from '@/features/audit/utils/audit-filters';

/** The entries matching the filters, page by page, and the members to filter by. */
export function useAuditLog(enabled: boolean) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const invalid = rangeError(filters);
  const log = useInfiniteQuery({ ...auditLogQuery(filters), enabled: enabled && !invalid });
  const members = useQuery({ ...auditMembersQuery(), enabled });
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  return {
    filters,
    setFilters,
    rangeError: invalid,
    entries,
    members: members.data?.members ?? [],
    loading: log.isPending && enabled && !invalid,
    error: log.error,
    refetch: () => void log.refetch(),
    refreshing: log.isRefetching,
    hasOlder: log.hasNextPage,
    loadingOlder: log.isFetchingNextPage,
    loadOlder: () => void log.fetchNextPage(),
  };
}
