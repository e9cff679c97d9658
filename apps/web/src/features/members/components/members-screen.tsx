import { useQuery } from '@tanstack/react-query';
import type { Member } from '@wadesk/contract';
import { RefreshCwIcon, UserPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useLinkMemberAgent } from '@/features/members/api/members-queries';
import { useMemberChanges } from '@/features/members/hooks/use-member-changes';
import { useMembers } from '@/features/members/hooks/use-members';
import { MEMBER_TEXTS } from '@/features/members/utils/member-texts';
import { useAuth } from '@/shared/account/auth-context';
import { useCan } from '@/shared/account/permissions';
import { RoleNotice } from '@/shared/account/role-notice';
import { errorMessage } from '@/shared/api/api-error';
import { agentsListQuery } from '@/shared/api/directory-queries';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { InvitationsList } from './invitations-list';
import { InviteMemberDialog } from './invite-member-dialog';
import { MemberChangeDialogs } from './member-change-dialogs';
import { MembersTable } from './members-table';

function Placeholder({ state }: { state: ReturnType<typeof useMembers> }) {
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="size-8" label="Loading members" />
      </div>
    );
  }
  if (state.status === 'error' && state.members.length === 0) {
    return (
      <p className="px-5 py-14 text-center text-sm text-slate-600">
        {MEMBER_TEXTS.listFailed}{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={state.refresh}>
          Try again
        </button>
      </p>
    );
  }
  return null;
}

/** The Members screen (/members): everyone sees who shares the desk; owners invite and manage them. */
export function MembersScreen() {
  const { user } = useAuth();
  const state = useMembers();
  const changes = useMemberChanges();
  const [inviting, setInviting] = useState(false);
  // Owners manage the team, admins link agent phones (decision 0016); an unverified owner's invitation
  // dialog and role controls say why they wait for the verification.
  const manage = useCan('manageMembers');
  const canManage = !manage.roleRefused;
  const canLink = useCan('linkAgentPhones').allowed;
  const reasonId = useId();
  const agents = useQuery(agentsListQuery());
  const linking = useLinkMemberAgent();
  const link = (member: Member, agentId: number | null) =>
    linking.mutate(
      { userId: member.id, agentId },
      {
        onSuccess: () =>
          toast.success(agentId === null ? MEMBER_TEXTS.agentUnlinked : MEMBER_TEXTS.agentLinked),
        onError: (error) => toast.error(errorMessage(error, MEMBER_TEXTS.linkFailed)),
      },
    );
  const count = state.members.length;

  return (
    <>
      <PageHeader
        title="Members"
        description="The people who share your organisation's desk, and what each role may do."
        actions={
          <>
            <Button
              variant="secondary"
              icon={<RefreshCwIcon className={`size-4 ${state.refreshing ? 'animate-spin' : ''}`} />}
              onClick={state.refresh}
              aria-label="Refresh members"
            >
              <span className="hidden sm:inline">Refresh</span>
            </Button>
            <Button
              icon={<UserPlusIcon className="size-4" />}
              disabled={!canManage}
              aria-describedby={canManage ? undefined : reasonId}
              onClick={() => setInviting(true)}
            >
              Invite member
            </Button>
          </>
        }
      />
      <RoleNotice id={reasonId} reason={canManage ? null : manage.reason} />
      <section
        aria-label="Members"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 text-xs text-slate-500 sm:px-5">
          <p aria-live="polite">{count === 1 ? '1 member' : `${count} members`}</p>
          <p>Owner: everything · Admin: sessions, agents, settings · Member: tickets and chats</p>
        </div>
        <Placeholder state={state} />
        {count > 0 ? (
          <MembersTable
            members={state.members}
            selfId={user?.id}
            canManage={canManage}
            unverified={manage.verify !== null}
            onChangeRole={(member, role) => changes.ask({ kind: 'role', member, role })}
            onRemove={(member) => changes.ask({ kind: 'remove', member })}
            agents={agents.data ?? []}
            canLink={canLink}
            linking={linking.isPending}
            onLink={link}
          />
        ) : null}
      </section>
      {canManage && state.status !== 'loading' ? (
        <InvitationsList
          invitations={state.invitations}
          onRevoke={(invitation) => changes.ask({ kind: 'revoke', invitation })}
        />
      ) : null}
      <InviteMemberDialog open={inviting && canManage} onClose={() => setInviting(false)} />
      <MemberChangeDialogs
        pending={changes.pending}
        selfId={user?.id}
        busy={changes.busy}
        onCancel={changes.cancel}
        onConfirm={changes.confirm}
      />
    </>
  );
}
