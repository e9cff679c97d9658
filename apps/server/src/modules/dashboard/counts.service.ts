import type { CountsResponse } from '@wadesk/contract';
import type { GroupsService } from '../groups/groups.service';
import type { SessionsService } from '../sessions/sessions.service';

export interface CountsServiceDeps {
  sessions: Pick<SessionsService, 'list'>;
  groups: Pick<GroupsService, 'list'>;
  agents: { count(organisationId: number): Promise<number> };
}

export type CountsService = ReturnType<typeof createCountsService>;

/** The dashboard's count cards: each the number of rows the linked page lists, so the two always agree. */
export function createCountsService({ sessions, groups, agents }: CountsServiceDeps) {
  return {
    async counts(organisationId: number): Promise<CountsResponse> {
      const [sessionList, groupList, agentCount] = await Promise.all([
        sessions.list(organisationId),
        groups.list(organisationId),
        agents.count(organisationId),
      ]);
      return { sessions: sessionList.session_count, groups: groupList.groups_count, agents: agentCount };
    },
  };
}
