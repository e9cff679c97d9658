import { authMessages, resetPasswordRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { resetPassword } from '@/features/auth/api/auth-api';
import { type FieldErrors, validateFields } from '@/features/auth/utils/field-errors';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { PasswordField } from '@/shared/ui/password-field';
import { toast } from '@/shared/ui/toast';

type Field = 'password1' | 'password2' | 'token';
const REQUIRED: readonly Field[] = ['password1', 'password2'];

/** Sets a new password with the token of an emailed link, then sends the user to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Exclude<Field, 'token'>, string>>({
    password1: '',
    password2: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validateFields(resetPasswordRequest, { ...values, token }, REQUIRED);
    setErrors(found ?? {});
    // A link cut short by a mail client: no field can show that, so say it as the server would.
    if (found?.token) toast.error(authMessages.linkInvalid);
    if (!data) return;
    setBusy(true);
    try {
      toast.success((await resetPassword(data)).message);
      navigate('/login', { replace: true });
    } catch (error) {
      setBusy(false);
      toast.error(errorMessage(error, 'Your new password could not be set. Try again.'));
    }
  };

  const field = (name: Exclude<Field, 'token'>) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters, with a capital letter and a special character."
        {...field('password1')}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('password2')} />
      <Button type="submit" size="lg" fullWidth busy={busy}>
        Set new password
      </Button>
    </form>
  );
}
