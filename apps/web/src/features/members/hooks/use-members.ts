import { useQuery } from '@tanstack/react-query';
import type { Invitation, Member } from '@wadesk/contract';
import { useCallback } from 'react';
import { membersListQuery } from '../../../shared/api/directory-queries';

const NO_MEMBERS: Member[] = [];
const NO_INVITATIONS: Invitation[] = [];

/** The organisation's members and, for owners, its open invitations (GET /org/members/). */
export function useMembers() {
  const query = useQuery(membersListQuery());
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const status = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
  return {
    status,
    members: query.data?.members ?? NO_MEMBERS,
    invitations: query.data?.invitations ?? NO_INVITATIONS,
    refreshing: query.isFetching,
    refresh,
  } as const;
}
