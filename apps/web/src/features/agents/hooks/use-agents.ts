import type { Agent } from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { toast } from '../../../shared/ui/toast';
import { fetchAgents } from '../api/agents-api';
import { AGENT_MESSAGES } from '../utils/agent-table';

export interface AgentsState {
  status: 'loading' | 'ready' | 'error';
  agents: Agent[];
}

/** The organisation's agents (POST /org/listAgent/), refetched when the server says the list changed. */
export function useAgents() {
  const [state, setState] = useState<AgentsState>({ status: 'loading', agents: [] });
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    setRefreshing(true);
    try {
      const agents = await fetchAgents();
      if (call === latest.current) setState({ status: 'ready', agents });
    } catch (error) {
      if (call !== latest.current) return;
      console.error('The agent list could not be loaded', error);
      toast.error(AGENT_MESSAGES.listFailed, { toastId: 'agents-list-failed' });
      setState((previous) => ({ ...previous, status: 'error' }));
    } finally {
      if (call === latest.current) setRefreshing(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEventStream((event) => {
    // `ready` starts every (re)connected stream: changes made while it was down are not replayed.
    if (event.type === 'agents.updated' || event.type === 'ready') void refresh();
  });

  return { ...state, refreshing, refresh };
}
