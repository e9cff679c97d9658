import { useQueryClient } from '@tanstack/react-query';
import type { GroupsResponse, SessionGroup } from '@wadesk/contract';
import { useEffect } from 'react';
import { markGroupRead } from '@/features/groups/api/groups-api';
import { groupKeys } from '@/features/groups/api/groups-queries';
import { groupKey } from '@/features/groups/utils/group-filter';

/**
 * Tells the server the group's messages were seen whenever `seen` changes to a new value (the newest
 * message shown, while the newest page is on screen), and clears the group's unread count in the list at
 * once. `seen` null: nothing new is on screen (loading, or an older page is shown).
 */
export function useMarkRead(group: SessionGroup, seen: string | null) {
  const queryClient = useQueryClient();
  const { session_id, group_id } = group;

  useEffect(() => {
    if (seen === null) return;
    const key = groupKey({ session_id, group_id });
    queryClient.setQueryData<GroupsResponse>(groupKeys.list(), (list) =>
      list
        ? {
            ...list,
            groups: list.groups.map((g) => (groupKey(g) === key ? { ...g, unread_count: 0 } : g)),
          }
        : list,
    );
    markGroupRead({ session_id, group_id }).then(
      () => void queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
      // The count stays as it was on the server; the next list refresh shows it. Nothing to tell the user.
      (error) => console.error('Marking the group read failed', error),
    );
  }, [queryClient, session_id, group_id, seen]);
}
