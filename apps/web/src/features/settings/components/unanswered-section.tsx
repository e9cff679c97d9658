import { settingsMessages } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

interface UnansweredSectionProps {
  saved: number;
  canEdit: boolean;
  saving: boolean;
  onSave: (minutes: number) => void;
}

/** "Notify when a ticket is unanswered for N minutes". */
export function UnansweredSection({ saved, canEdit, saving, onSave }: UnansweredSectionProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(saved);
  const minutes = Number(value);
  const valid = /^\d+$/.test(value.trim()) && minutes >= 1 && minutes <= 10080;
  const changed = draft !== null && minutes !== saved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !changed) return;
    onSave(minutes);
    setDraft(null);
  };

  return (
    <SectionCard title={T.unansweredTitle} description={T.unansweredDescription}>
      <form onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <TextField
          label={T.unansweredLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={10080}
          value={value}
          readOnly={!canEdit}
          onChange={(event) => setDraft(event.target.value)}
          error={valid ? undefined : settingsMessages.unansweredMinutesInvalid}
          className="w-full sm:w-56"
        />
        {canEdit ? (
          <Button type="submit" className="sm:mt-7" busy={saving} disabled={!valid || !changed || saving}>
            {T.save}
          </Button>
        ) : null}
      </form>
    </SectionCard>
  );
}
