import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteMemberRequest, MemberRole } from '@wadesk/contract';
import { memberKeys } from '@/shared/api/directory-queries';
import {
  changeMemberRole,
  inviteMember,
  linkMemberAgent,
  lookupInvitation,
  removeMember,
  revokeInvitation,
} from './members-api';

/** What an invitation link invites to; a refused link is not asked again. */
export const invitationLookupQuery = (token: string) =>
  queryOptions({
    queryKey: memberKeys.invitation(token),
    queryFn: ({ signal }) => lookupInvitation(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every change is followed by fetching the list again, whatever the answer. */
function useMembersMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}

export const useInviteMember = () => useMembersMutation((body: InviteMemberRequest) => inviteMember(body));
export const useRevokeInvitation = () => useMembersMutation((id: number) => revokeInvitation(id));
export const useRemoveMember = () => useMembersMutation((userId: number) => removeMember(userId));
export const useChangeMemberRole = () =>
  useMembersMutation(({ userId, role }: { userId: number; role: MemberRole }) =>
    changeMemberRole(userId, role),
  );
export const useLinkMemberAgent = () =>
  useMembersMutation(({ userId, agentId }: { userId: number; agentId: number | null }) =>
    linkMemberAgent(userId, agentId),
  );
