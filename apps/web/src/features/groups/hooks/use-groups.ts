import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupsResponse, SessionGroup, SessionListItem } from '@wadesk/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { groupKeys, groupsListQuery, patchGroupMode } from '@/features/groups/api/groups-queries';
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
    // Open tickets: a ticket opened, or one was closed or reopened.
    if (event.type === 'ticket.created' || (event.type === 'ticket.updated' && event.change === 'status'))
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
