import { registerRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { register } from '@/features/auth/api/auth-api';
import { useCompleteSignIn } from '@/features/auth/hooks/use-complete-sign-in';
import { useContractForm } from '@/features/auth/hooks/use-contract-form';
import { errorMessage } from '@/shared/api/api-error';
import { usePublicConfig } from '@/shared/config/public-config';
import { Button } from '@/shared/ui/button';
import { PasswordField } from '@/shared/ui/password-field';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';
import { EmailField } from './email-field';
import { GoogleSignIn } from './google-sign-in';
import { OrDivider } from './or-divider';

type Field = 'email' | 'password1' | 'password2' | 'first_name' | 'last_name' | 'organisation_name';
const REQUIRED: readonly Field[] = ['email', 'password1', 'password2', 'first_name'];

/** `initialEmail` is the address kept when an unregistered user was sent here from sign-in. */
export function RegisterForm({ initialEmail = '' }: { initialEmail?: string }) {
  const completeSignIn = useCompleteSignIn();
  const { config } = usePublicConfig();
  const { values, validate, field } = useContractForm(
    registerRequest,
    {
      email: initialEmail,
      password1: '',
      password2: '',
      first_name: '',
      last_name: '',
      organisation_name: '',
    } satisfies Record<Field, string>,
    REQUIRED,
  );
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate();
    if (!data) return;
    setBusy(true);
    // Left blank, the server names the organisation after the first name.
    const { organisation_name, ...account } = data;
    try {
      completeSignIn(
        await register(organisation_name ? { ...account, organisation_name } : account),
        'Account created successfully!',
      );
    } catch (error) {
      setBusy(false);
      toast.error(errorMessage(error, 'Your account could not be created. Try again.'));
    }
  };

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={submit} className="space-y-5">
        <EmailField autoComplete="email" {...field('email')} />
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
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField
          label="Organisation name"
          autoComplete="organization"
          placeholder={
            values.first_name.trim() ? `${values.first_name.trim()}'s organisation` : 'e.g. Acme Support'
          }
          hint="Your team's name, as your members will see it. Optional: you can change it later in Settings."
          {...field('organisation_name')}
        />
        <Button type="submit" size="lg" fullWidth busy={busy}>
          Create account
        </Button>
      </form>
      {config?.google_client_id ? (
        <>
          <OrDivider />
          <GoogleSignIn clientId={config.google_client_id} text="signup_with" />
        </>
      ) : null}
    </div>
  );
}
