import { queryOptions } from '@tanstack/react-query';
import {
  type AgentListResponse,
  agentListResponse,
  type MembersResponse,
  membersResponse,
} from '@wadesk/contract';
import { api } from './api-client';

// Who is on the desk: the organisation's members and agent phones. Several features show them (Members,
// Agents, the ticket assignee, the audit log's filters), so the lists and their query keys live here and
// a change made in one feature refreshes every screen that shows them.

export function fetchMembers(signal?: AbortSignal): Promise<MembersResponse> {
  return api.get('/org/members/', membersResponse, { signal });
}

export function fetchAgents(signal?: AbortSignal): Promise<AgentListResponse> {
  return api.post('/org/listAgent/', {}, agentListResponse, { signal });
}

/** Every cached members answer sits under `memberKeys.all`. */
export const memberKeys = {
  all: ['members'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
  invitation: (token: string) => [...memberKeys.all, 'invitation', token] as const,
};

/** Every cached agents answer sits under `agentKeys.all`. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => [...agentKeys.all, 'list'] as const,
};

export const membersListQuery = () =>
  queryOptions({ queryKey: memberKeys.list(), queryFn: ({ signal }) => fetchMembers(signal) });

export const agentsListQuery = () =>
  queryOptions({ queryKey: agentKeys.list(), queryFn: ({ signal }) => fetchAgents(signal) });
