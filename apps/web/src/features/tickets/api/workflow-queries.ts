import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { membersListQuery } from '@/shared/api/directory-queries';
import { ticketKeys } from './tickets-queries';
import { fetchLabels } from './workflow-api';

export const workflowKeys = {
  labels: () => [...ticketKeys.all, 'labels'] as const,
};

export const labelsQuery = () =>
  queryOptions({ queryKey: workflowKeys.labels(), queryFn: ({ signal }) => fetchLabels(signal) });

/** Members change rarely: fetched once per minute at most. */
export const assignableMembersQuery = () =>
  queryOptions({
    ...membersListQuery(),
    staleTime: 60_000,
    select: (answer) =>
      answer.members.map((member) => ({
        id: member.id,
        name: `${member.first_name} ${member.last_name}`.trim(),
      })),
  });

/**
 * A change to a ticket (assignee, note, labels, merge, split) or to the labels: the lists, the open
 * conversation and the labels are fetched again after, whatever the answer.
 */
export function useTicketChange<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
