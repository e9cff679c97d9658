import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddAgentRequest, EditAgentRequest } from '@wadesk/contract';
import { agentKeys } from '@/shared/api/directory-queries';
import { addAgent, editAgent, removeAgent } from './agents-api';

/** Adds an agent (POST /org/addAgent/); the list and the dashboard's counts are fetched again. */
export function useAddAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAgentRequest) => addAgent(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** Edits an agent (POST /org/editAgent/); the list is fetched again whatever the answer. */
export function useEditAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditAgentRequest) => editAgent(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** Removes an agent (POST /org/removeAgent/); the list is fetched again whatever the answer. */
export function useRemoveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: number) => removeAgent(agentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
