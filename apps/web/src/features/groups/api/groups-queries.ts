import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GroupsResponse,
  SessionGroup,
  SetGroupModeRequest,
  SetGroupSatisfactionPollRequest,
  Ticket,
  TicketMode,
} from '@wadesk/contract';
import { fetchGroups, setGroupMode, setGroupSatisfactionPoll } from './groups-api';

/** The groups feature's query keys. A group's messages are paged by hand (use-group-messages.ts). */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
};

export const groupsListQuery = () =>
  queryOptions({ queryKey: groupKeys.list(), queryFn: ({ signal }) => fetchGroups(signal) });

type GroupSetting = Partial<Pick<SessionGroup, 'ticket_mode' | 'satisfaction_poll'>>;

/** Writes a group's setting into the cached list (the answer to a change). */
function patchGroup(
  list: GroupsResponse | undefined,
  ids: { session_id: string; group_id: string },
  change: GroupSetting,
): GroupsResponse | undefined {
  if (!list) return list;
  return {
    ...list,
    groups: list.groups.map((group) =>
      group.session_id === ids.session_id && group.group_id === ids.group_id
        ? { ...group, ...change }
        : group,
    ),
  };
}

/** Writes a group's mode into the cached list (the answer, or another admin's change on the stream). */
export function patchGroupMode(
  list: GroupsResponse | undefined,
  change: { session_id: string; group_id: string; ticket_mode: TicketMode },
): GroupsResponse | undefined {
  return patchGroup(list, change, { ticket_mode: change.ticket_mode });
}

/** Counts a new active ticket in its group's open tickets (the event's ticket names the group). */
export function countNewTicket(
  list: GroupsResponse | undefined,
  ticket: Pick<Ticket, 'session_id' | 'group_id' | 'status'>,
): GroupsResponse | undefined {
  if (!list || ticket.status === 'close') return list;
  return {
    ...list,
    groups: list.groups.map((group) =>
      group.session_id === ticket.session_id && group.group_id === ticket.group_id
        ? { ...group, open_tickets: group.open_tickets + 1 }
        : group,
    ),
  };
}

export function useSetGroupMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetGroupModeRequest) => setGroupMode(body),
    onSuccess: (answer, body) =>
      queryClient.setQueryData<GroupsResponse>(groupKeys.list(), (list) =>
        patchGroupMode(list, { ...body, ticket_mode: answer.ticket_mode }),
      ),
  });
}

/** The answer's choice goes into the cached list (no event tells other tabs: they see it on their next fetch). */
export function useSetGroupSatisfactionPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetGroupSatisfactionPollRequest) => setGroupSatisfactionPoll(body),
    onSuccess: (answer, body) =>
      queryClient.setQueryData<GroupsResponse>(groupKeys.list(), (list) =>
        patchGroup(list, body, { satisfaction_poll: answer.satisfaction_poll }),
      ),
  });
}
