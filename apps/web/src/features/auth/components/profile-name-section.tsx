import { type AuthUser, updateProfileRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { useUpdateProfile } from '@/features/auth/api/profile-queries';
import { type FieldErrors, validateFields } from '@/features/auth/utils/field-errors';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

type Field = 'first_name' | 'last_name';

/** First and last name, with the registration's rules. */
export function ProfileNameSection({ user }: { user: AuthUser }) {
  const saving = useUpdateProfile();
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: user.first_name,
    last_name: user.last_name,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const changed = values.first_name.trim() !== user.first_name || values.last_name.trim() !== user.last_name;

  const check = (next: Record<Field, string>) => validateFields(updateProfileRequest, next, ['first_name']);
  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(check(next).errors ?? {});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = check(values);
    setErrors(found ?? {});
    if (data && changed) saving.mutate({ first_name: data.first_name, last_name: data.last_name });
  };
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

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
