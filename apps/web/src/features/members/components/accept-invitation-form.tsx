import type { InvitationLookup, TokenPair } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { acceptInvitation } from '@/features/members/api/members-api';
import {
  type AcceptErrors,
  type AcceptField,
  type AcceptValues,
  validateAccept,
} from '@/features/members/utils/accept-fields';
import { MEMBER_TEXTS } from '@/features/members/utils/member-texts';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { PasswordField } from '@/shared/ui/password-field';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';

interface AcceptInvitationFormProps {
  token: string;
  invitation: InvitationLookup;
  onJoined: (tokens: TokenPair) => void;
}

const EMPTY: AcceptValues = { first_name: '', last_name: '', password1: '', password2: '' };

/** The invited address (fixed by the invitation), a name and a password: the registration form's fields. */
export function AcceptInvitationForm({ token, invitation, onJoined }: AcceptInvitationFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<AcceptErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (field: AcceptField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateAccept(token, next).errors ?? {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const { data, errors: found } = validateAccept(token, values);
    setErrors(found ?? {});
    if (!data) return;
    setBusy(true);
    try {
      onJoined(await acceptInvitation(data));
    } catch (error) {
      setBusy(false);
      toast.error(errorMessage(error, MEMBER_TEXTS.joinFailed));
    }
  };

  const field = (name: AcceptField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label="Email"
        name="email"
        type="email"
        value={invitation.email}
        readOnly
        hint="The address the invitation was sent to."
        className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" data-autofocus {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      </div>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder="Create a password"
        hint="At least 6 characters, with a capital letter and a special character."
        {...field('password1')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        placeholder="Type it again"
        {...field('password2')}
      />
      <Button type="submit" size="lg" fullWidth busy={busy}>
        Join {invitation.organisation_name}
      </Button>
    </form>
  );
}
