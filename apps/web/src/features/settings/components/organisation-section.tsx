import { updateOrganisationRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import type { Allowance } from '@/shared/account/permissions';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

interface OrganisationSectionProps {
  saved: string;
  /** Owners with a verified address rename; others read the name and why they cannot. */
  rename: Allowance;
  saving: boolean;
  onSave: (name: string) => void;
}

/** The organisation's name. */
export function OrganisationSection({ saved, rename, saving, onSave }: OrganisationSectionProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved;
  const parsed = updateOrganisationRequest.safeParse({ name: value });
  const error = draft !== null && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const changed = parsed.success && parsed.data.name !== saved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || !changed) return;
    // The draft stays: it shows the name while it is saved, and after a refusal for another try.
    onSave(parsed.data.name);
  };

  return (
    <SectionCard title={T.organisationTitle} description={T.organisationDescription}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label={T.organisationLabel}
          autoComplete="organization"
          value={value}
          readOnly={!rename.allowed}
          onChange={(event) => setDraft(event.target.value)}
          error={error}
          hint={rename.reason ?? undefined}
          className="w-full sm:max-w-md"
        />
        {rename.allowed ? (
          <Button type="submit" className="sm:mt-7" busy={saving} disabled={!changed || saving}>
            {T.save}
          </Button>
        ) : null}
      </form>
    </SectionCard>
  );
}
