import { type Invitation, inviteMemberRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { useInviteMember } from '@/features/members/api/members-queries';
import { MEMBER_TEXTS, ROLE_DESCRIPTIONS } from '@/features/members/utils/member-texts';
import { useAddressVerified, VerifyFirst } from '@/shared/account/verify-first';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';
import { RoleSelect } from './role-select';

type InvitedRole = Invitation['role'];
const INVITED_ROLES: readonly InvitedRole[] = ['member', 'admin'];

function InviteForm({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('member');
  const [emailError, setEmailError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const inviting = useInviteMember();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inviting.isPending) return;
    const parsed = inviteMemberRequest.safeParse({ email: email.trim(), role });
    if (!parsed.success) {
      setEmailError(email.trim() ? parsed.error.issues[0]?.message : MEMBER_TEXTS.emailRequired);
      return;
    }
    setEmailError(undefined);
    setRefusal(undefined);
    inviting.mutate(parsed.data, {
      onSuccess: (invitation) => {
        toast.success(`${MEMBER_TEXTS.invited} ${invitation.email} has 7 days to accept it.`);
        onClose();
      },
      onError: (error) => setRefusal(errorMessage(error, MEMBER_TEXTS.inviteFailed)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        data-autofocus
        placeholder="name@company.com"
        value={email}
        maxLength={254}
        error={emailError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div>
        <label htmlFor="invite-role" className="mb-1.5 block text-sm font-medium text-slate-700">
          Role
        </label>
        <RoleSelect
          id="invite-role"
          name="role"
          size="lg"
          className="w-full"
          roles={INVITED_ROLES}
          value={role}
          onChange={(next) => setRole(next as InvitedRole)}
        />
        <p className="mt-1.5 text-xs text-slate-500">
          {ROLE_DESCRIPTIONS[role]}. Make someone an owner by changing their role once they have joined.
        </p>
      </div>
      {refusal ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
        >
          {refusal}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">
        We email them a link that works once, for 7 days. Their account joins your organisation.
      </p>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={inviting.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}

/**
 * Email and role (admin or member), then POST /org/inviteMember/; refusals stay in the dialog. An owner
 * whose address is not verified yet is told so, with the resend action, instead of the form.
 */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const verified = useAddressVerified();
  return (
    <Dialog open={open} onClose={onClose} title="Invite member" size="max-w-md">
      {verified ? <InviteForm onClose={onClose} /> : <VerifyFirst action="invite" onClose={onClose} />}
    </Dialog>
  );
}
