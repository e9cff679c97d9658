import { authMessages, changePasswordRequest } from '@wadesk/contract';
import type { FormEvent } from 'react';
import { useChangePassword } from '@/features/auth/api/profile-queries';
import { useContractForm } from '@/features/auth/hooks/use-contract-form';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { PasswordField } from '@/shared/ui/password-field';
import { SectionCard } from '@/shared/ui/section-card';
import { toast } from '@/shared/ui/toast';

type Field = 'current_password' | 'password1' | 'password2';
const FIELDS: readonly Field[] = ['current_password', 'password1', 'password2'];
const EMPTY: Record<Field, string> = { current_password: '', password1: '', password2: '' };

/**
 * A new password, proved by the current one. `email` fills the hidden user-name field password managers
 * look for; an account that signs in only with Google has no password to change.
 */
export function ChangePasswordSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const changing = useChangePassword();
  const { validate, reset, setErrors, field } = useContractForm(changePasswordRequest, EMPTY, FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = validate();
    if (!data) return;
    changing.mutate(data, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        reset();
      },
      onError: (error) => {
        // A wrong current password is the field's fault: said under it, the rest kept.
        if (isApiError(error) && error.fromServer && error.message === authMessages.currentPasswordWrong)
          setErrors({ current_password: error.message });
        else toast.error(errorMessage(error, T.passwordFailed));
      },
    });
  };

  return (
    <SectionCard title={T.passwordTitle} description={T.passwordDescription}>
      {hasPassword ? (
        <form noValidate onSubmit={submit} className="space-y-4">
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={T.currentPassword}
            autoComplete="current-password"
            className="sm:max-w-[calc(50%-0.5rem)]"
            {...field('current_password')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label={T.newPassword}
              autoComplete="new-password"
              hint={T.passwordHint}
              {...field('password1')}
            />
            <PasswordField label={T.confirmPassword} autoComplete="new-password" {...field('password2')} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" busy={changing.isPending} disabled={changing.isPending}>
              {T.changePassword}
            </Button>
          </div>
        </form>
      ) : (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          {authMessages.noPassword}
        </p>
      )}
    </SectionCard>
  );
}
