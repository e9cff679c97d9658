import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '@wadesk/contract';
import { useCallback, useEffect } from 'react';
import { AGENT_MESSAGES } from '@/features/agents/utils/agent-table';
import { agentKeys, agentsListQuery } from '@/shared/api/directory-queries';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

export interface AgentsState {
  status: 'loading' | 'ready' | 'error';
  agents: Agent[];
}

const NO_AGENTS: Agent[] = [];

/** The organisation's agents (POST /org/listAgent/), refetched when the server says the list changed. */
export function useAgents() {
  const queryClient = useQueryClient();
  const query = useQuery(agentsListQuery());

  useEffect(() => {
    if (!query.error) return;
    console.error('The agent list could not be loaded', query.error);
    toast.error(AGENT_MESSAGES.listFailed, { toastId: 'agents-list-failed' });
  }, [query.error]);

  useEventStream((event) => {
    // `ready` starts every (re)connected stream: changes made while it was down are not replayed.
    if (event.type === 'agents.updated' || event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
  });

  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const status: AgentsState['status'] = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
  return { status, agents: query.data ?? NO_AGENTS, refreshing: query.isFetching, refresh };
}
