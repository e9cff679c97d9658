import { useQuery } from '@tanstack/react-query';
import { type Member, roleAtLeast } from '@wadesk/contract';
import { InfoIcon, RefreshCwIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useLinkMemberAgent } from '@/features/members/api/members-queries';
import { useMemberChanges } from '@/features/members/hooks/use-member-changes';
import { useMembers } from '@/features/members/hooks/use-members';
import { MEMBER_TEXTS } from '@/features/members/utils/member-texts';
import { useAuth } from '@/shared/account/auth-context';
import { useAddressVerified } from '@/shared/account/verify-first';
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
  const canManage = user !== null && roleAtLeast(user.role, 'owner');
  const canLink = user !== null && roleAtLeast(user.role, 'admin');
  const verified = useAddressVerified();
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
            {canManage ? (
              <Button icon={<UserPlusIcon className="size-4" />} onClick={() => setInviting(true)}>
                Invite member
              </Button>
            ) : null}
          </>
        }
      />
      {canManage ? null : (
        <p className="mb-4 flex items-start gap-2 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {MEMBER_TEXTS.ownersOnly}
        </p>
      )}
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
            unverified={!verified}
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
      <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} />
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
