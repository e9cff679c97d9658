import { queryOptions } from '@tanstack/react-query';
import { fetchGroups } from './groups-api';

/** The groups feature's query keys. A group's messages are paged by hand (use-group-messages.ts). */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
};

export const groupsListQuery = () =>
  queryOptions({ queryKey: groupKeys.list(), queryFn: ({ signal }) => fetchGroups(signal) });
