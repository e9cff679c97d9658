import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupsResponse, SessionGroup, SessionListItem } from '@wadesk/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  countNewTicket,
  groupKeys,
  groupsListQuery,
  patchGroupMode,
} from '@/features/groups/api/groups-queries';
import { sessionKeys, sessionsListQuery } from '@/shared/api/sessions-queries';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

export const GROUPS_ERROR = 'Error while fetching groups';

const NO_GROUPS: SessionGroup[] = [];

/** POST /api/getGroups/ plus the sessions; refetched when groups, sessions or messages change on the stream. */
export function useGroups() {
  const queryClient = useQueryClient();
  const groups = useQuery(groupsListQuery());
  const sessions = useQuery(sessionsListQuery());

  // The first load says when it fails; refetches after events fail quietly (the list stays).
  const firstFailureShown = useRef(false);
  const failed = groups.isError || sessions.isError;
  useEffect(() => {
    if (!failed || firstFailureShown.current || groups.data) return;
    firstFailureShown.current = true;
    toast.error(GROUPS_ERROR);
  }, [failed, groups.data]);

  const refetchQuietly = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
  }, [queryClient]);

  const refetchGroupsQuietly = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
    [queryClient],
  );

  const refetchGroups = groups.refetch;
  const refetchSessions = sessions.refetch;
  /** The Refresh button: a failure is said again. */
  const refresh = useCallback(async () => {
    const [groupsAnswer, sessionsAnswer] = await Promise.all([refetchGroups(), refetchSessions()]);
    if (groupsAnswer.isError || sessionsAnswer.isError) toast.error(GROUPS_ERROR);
  }, [refetchGroups, refetchSessions]);

  useEventStream((event) => {
    if (event.type === 'ready' || event.type === 'groups.updated') refetchQuietly();
    // A new message changes its group's last message, unread count and place in the list.
    if (event.type === 'messages.new') refetchGroupsQuietly();
    // A new ticket is one more open ticket in its group, unless a fetch in flight (a new message's) may
    // already count it: then that fetch is replaced by one that surely does.
    if (event.type === 'ticket.created') {
      if (queryClient.isFetching({ queryKey: groupKeys.list() }) > 0) refetchGroupsQuietly();
      else
        queryClient.setQueryData<GroupsResponse>(groupKeys.list(), (list) =>
          countNewTicket(list, event.ticket),
        );
    }
    // A status set (or a split) does not say what the ticket was before: closed again, or closed from
    // open, so the count is asked. Messages, assignees, labels and notes leave the count as it is, and so
    // does a merge (a conversation has at most one active ticket before and after).
    if (event.type === 'ticket.updated' && (event.change === 'status' || event.change === 'split'))
      refetchGroupsQuietly();
    // An admin changed a group's mode, here or in another tab.
    if (event.type === 'group.mode')
      queryClient.setQueryData<GroupsResponse>(groupKeys.list(), (list) => patchGroupMode(list, event));
    // A session that connects or stops changes which groups (and sessions) there are.
    if (event.type === 'session.status' && (event.status === 'connected' || !event.isActive))
      refetchQuietly();
  });

  const activeSessions = useMemo<SessionListItem[]>(
    () => sessions.data?.session_list.filter((session) => session.isActive) ?? [],
    [sessions.data],
  );
  const list = groups.data?.groups ?? NO_GROUPS;
  const status =
    groups.data && sessions.data ? (groups.data.success ? 'ready' : 'error') : failed ? 'error' : 'loading';
  return { status, groups: list, activeSessions, driver: sessions.data?.driver ?? null, refresh } as const;
}
