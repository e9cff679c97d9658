import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, Member } from '@wadesk/contract';
import { useCallback } from 'react';
import { agentKeys, memberKeys, membersListQuery } from '@/shared/api/directory-queries';
import { useEventStream } from '@/shared/events/use-event-stream';

const NO_MEMBERS: Member[] = [];
const NO_INVITATIONS: Invitation[] = [];

/**
 * The organisation's members and, for owners, its open invitations (GET /org/members/), refetched when
 * another owner or admin changes them; the agent phones they link to, when agents change.
 */
export function useMembers() {
  const queryClient = useQueryClient();
  const query = useQuery(membersListQuery());
  useEventStream((event) => {
    // `ready` starts every (re)connected stream: changes made while it was down are not replayed.
    if (event.type === 'members.updated' || event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    if (event.type === 'agents.updated') void queryClient.invalidateQueries({ queryKey: agentKeys.all });
  });
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
