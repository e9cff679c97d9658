import { forgotPasswordRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { forgotPassword } from '@/features/auth/api/auth-api';
import { type FieldErrors, validateFields } from '@/features/auth/utils/field-errors';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';
import { EmailField } from './email-field';

type Field = 'email';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [values, setValues] = useState<Record<Field, string>>({ email: initialEmail });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validateFields(forgotPasswordRequest, values, ['email']);
    setErrors(found ?? {});
    if (!data) return;
    setBusy(true);
    try {
      setSent((await forgotPassword(data.email)).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The link could not be sent. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <p
        role="status"
        className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
      >
        {sent} The link works for one hour.
      </p>
    );
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <EmailField
        name="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => setValues({ email: event.target.value })}
      />
      <Button type="submit" size="lg" fullWidth busy={busy}>
        Send me a link
      </Button>
    </form>
  );
}
