import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  STEP_ORDER,
  STEP_TEXTS,
  type StepId,
  type StepText,
  stepDone,
} from '@/features/getting-started/utils/steps';
import { useAuth } from '@/shared/account/auth-context';
import { allowance } from '@/shared/account/permissions';
import { agentKeys, agentsListQuery, memberKeys, membersListQuery } from '@/shared/api/directory-queries';
import { savedChatsListQuery } from '@/shared/api/saved-chats-queries';
import { sessionKeys, sessionsListQuery } from '@/shared/api/sessions-queries';
import { useEventStream } from '@/shared/events/use-event-stream';

export interface GettingStartedStep extends StepText {
  id: StepId;
  done: boolean;
}

/**
 * The steps the signed-in member's role can do, each ticked from the list it depends on (the same cached
 * answers the Sessions, Agents, Members and saved-chat screens show). Null until every list needed has
 * answered (nothing flashes on an established desk), and when one could not be read. While `enabled`,
 * the lists follow the server's events, so a step ticks without a reload.
 */
export function useGettingStarted(enabled: boolean): GettingStartedStep[] | null {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const shown = useMemo(
    () =>
      STEP_ORDER.filter((id) => {
        const { permission } = STEP_TEXTS[id];
        // An unverified address is no reason to hide a step: its screen says how to verify first.
        return !permission || !allowance(user, permission).roleRefused;
      }),
    [user],
  );
  const asks = (id: StepId) => enabled && user !== null && shown.includes(id);

  const sessions = useQuery({ ...sessionsListQuery(), enabled: asks('whatsapp') });
  const agents = useQuery({ ...agentsListQuery(), enabled: asks('agents') });
  const members = useQuery({ ...membersListQuery(), enabled: asks('team') });
  const chats = useQuery({ ...savedChatsListQuery(), enabled: asks('chat') });

  useEventStream(
    (event) => {
      const again = (queryKey: readonly string[]) => void queryClient.invalidateQueries({ queryKey });
      // `ready` starts every (re)connected stream: changes made while it was down are not replayed.
      if (event.type === 'ready' || event.type === 'session.status') again(sessionKeys.list());
      if (event.type === 'ready' || event.type === 'agents.updated') again(agentKeys.all);
      if (event.type === 'ready' || event.type === 'members.updated') again(memberKeys.all);
    },
    enabled && user !== null,
  );

  const done: Record<StepId, boolean | undefined> = {
    whatsapp: sessions.data && stepDone.whatsapp(sessions.data),
    agents: agents.data && stepDone.agents(agents.data),
    team: members.data && stepDone.team(members.data),
    chat: chats.data && stepDone.chat(chats.data),
  };
  if (!enabled || user === null || shown.some((id) => done[id] === undefined)) return null;
  return shown.map((id) => ({ id, ...STEP_TEXTS[id], done: done[id] === true }));
}
