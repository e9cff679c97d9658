import type { PendingChange } from '@/features/members/hooks/use-member-changes';
import { fullName } from '@/shared/format/person-name';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

interface MemberChangeDialogsProps {
  pending: PendingChange | null;
  /** The signed-in user's id: changing or removing themselves is said to them. */
  selfId: number | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

const strong = (text: string) => <strong className="font-semibold text-slate-900">{text}</strong>;

/** The confirmations before a role change, a removal or revoking an invitation. */
export function MemberChangeDialogs({
  pending,
  selfId,
  busy,
  onCancel,
  onConfirm,
}: MemberChangeDialogsProps) {
  const common = { busy, onCancel, onConfirm };
  const self = pending !== null && pending.kind !== 'revoke' && pending.member.id === selfId;
  return (
    <>
      <ConfirmDialog
        {...common}
        open={pending?.kind === 'role'}
        title="Change role"
        confirmLabel="Change role"
      >
        {pending?.kind === 'role' ? (
          <>
            <p>
              Make {strong(fullName(pending.member))} {pending.role === 'admin' ? 'an' : 'a'}{' '}
              {strong(pending.role)} instead of {pending.member.role === 'admin' ? 'an' : 'a'}{' '}
              {pending.member.role}?
            </p>
            <p>
              The change applies at once: {self ? 'you are' : 'they are'} signed out everywhere and sign in
              again to continue.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        {...common}
        open={pending?.kind === 'remove'}
        title="Remove member"
        confirmLabel="Remove member"
      >
        {pending?.kind === 'remove' ? (
          <p>
            Remove {strong(fullName(pending.member))} ({pending.member.email}) from your organisation?{' '}
            {self
              ? 'Your account and saved chats are deleted, and you are signed out at once.'
              : 'Their account and saved chats are deleted, and they are signed out at once.'}
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        {...common}
        open={pending?.kind === 'revoke'}
        title="Revoke invitation"
        confirmLabel="Revoke invitation"
      >
        {pending?.kind === 'revoke' ? (
          <p>
            Revoke the invitation to {strong(pending.invitation.email)}? The link in their mail stops working.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
