import type { Invitation, Member, MemberRole } from '@wadesk/contract';
import { useState } from 'react';
import {
  useChangeMemberRole,
  useRemoveMember,
  useRevokeInvitation,
} from '@/features/members/api/members-queries';
import { MEMBER_TEXTS } from '@/features/members/utils/member-texts';
import { errorMessage } from '@/shared/api/api-error';
import { toast } from '@/shared/ui/toast';

export type PendingChange =
  | { kind: 'role'; member: Member; role: MemberRole }
  | { kind: 'remove'; member: Member }
  | { kind: 'revoke'; invitation: Invitation };

/**
 * The owner's changes waiting for confirmation, and running them: the server's answer (e.g. 409 for
 * the last owner) is shown as it says it.
 */
export function useMemberChanges() {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const changing = useChangeMemberRole();
  const removing = useRemoveMember();
  const revoking = useRevokeInvitation();
  const busy = changing.isPending || removing.isPending || revoking.isPending;
  const done = { onSettled: () => setPending(null) };

  const confirm = () => {
    if (!pending || busy) return;
    if (pending.kind === 'role') {
      changing.mutate(
        { userId: pending.member.id, role: pending.role },
        {
          ...done,
          onSuccess: () => toast.success(MEMBER_TEXTS.roleChanged),
          onError: (error) => toast.error(errorMessage(error, MEMBER_TEXTS.changeFailed)),
        },
      );
    } else if (pending.kind === 'remove') {
      removing.mutate(pending.member.id, {
        ...done,
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error, MEMBER_TEXTS.removeFailed)),
      });
    } else {
      revoking.mutate(pending.invitation.id, {
        ...done,
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error, MEMBER_TEXTS.revokeFailed)),
      });
    }
  };

  const cancel = () => {
    if (!busy) setPending(null);
  };
  return { pending, ask: setPending, confirm, cancel, busy };
}
