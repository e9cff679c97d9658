import { MAX_REOPEN_DAYS, settingsMessages } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

interface LifecycleSectionProps {
  autoPending: boolean;
  reopenDays: number;
  canEdit: boolean;
  savingPending: boolean;
  savingDays: boolean;
  onSavePending: (on: boolean) => void;
  onSaveDays: (days: number) => void;
}

/** The ticket lifecycle's two settings: pending after a staff reply, and the reopen window (decision 0020). */
export function LifecycleSection(props: LifecycleSectionProps) {
  const { autoPending, reopenDays, canEdit } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(reopenDays);
  const days = Number(value);
  const valid = /^\d+$/.test(value.trim()) && days >= 0 && days <= MAX_REOPEN_DAYS;
  const changed = draft !== null && days !== reopenDays;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !changed) return;
    props.onSaveDays(days);
    setDraft(null);
  };

  return (
    <SectionCard title={T.lifecycleTitle} description={T.lifecycleDescription}>
      <div className="flex flex-col gap-4">
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={autoPending}
            disabled={!canEdit || props.savingPending}
            onChange={(event) => props.onSavePending(event.target.checked)}
          />
          <span>
            <span className="font-medium">{T.autoPendingLabel}</span>
            <span className="block text-slate-600">{T.autoPendingHint}</span>
          </span>
        </label>
        <form onSubmit={submit} className="flex flex-wrap items-start gap-2">
          <TextField
            label={T.reopenDaysLabel}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_REOPEN_DAYS}
            value={value}
            readOnly={!canEdit}
            onChange={(event) => setDraft(event.target.value)}
            error={valid ? undefined : settingsMessages.reopenDaysInvalid}
            hint={T.reopenDaysHint}
            className="w-full sm:w-56"
          />
          {canEdit ? (
            <Button
              type="submit"
              className="sm:mt-7"
              busy={props.savingDays}
              disabled={!valid || !changed || props.savingDays}
            >
              {T.save}
            </Button>
          ) : null}
        </form>
      </div>
    </SectionCard>
  );
}
