import { type AuthUser, updateProfileRequest } from '@wadesk/contract';
import type { FormEvent } from 'react';
import { useUpdateProfile } from '@/features/auth/api/profile-queries';
import { useContractForm } from '@/features/auth/hooks/use-contract-form';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

/** First and last name, with the registration's rules. */
export function ProfileNameSection({ user }: { user: AuthUser }) {
  const saving = useUpdateProfile();
  const { values, validate, field } = useContractForm(
    updateProfileRequest,
    { first_name: user.first_name, last_name: user.last_name },
    ['first_name'],
  );
  const changed = values.first_name.trim() !== user.first_name || values.last_name.trim() !== user.last_name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = validate();
    if (data && changed) saving.mutate({ first_name: data.first_name, last_name: data.last_name });
  };

  return (
    <SectionCard title={T.nameTitle} description={T.nameDescription}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={saving.isPending} disabled={!changed || saving.isPending}>
            {T.saveName}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
