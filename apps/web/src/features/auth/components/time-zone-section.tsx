import { type FormEvent, useId, useMemo, useState } from 'react';
import { useUpdateProfile } from '@/features/auth/api/profile-queries';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { timeZoneOptions } from '@/features/auth/utils/time-zones';
import { browserTimeZone } from '@/shared/format/time-zone';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';

const control =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none';

/** "27 Nov 2026, 09:30 pm" now, in `zone` (the browser's when empty): what the choice would show. */
function nowIn(zone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: zone || undefined,
  }).format(new Date());
}

/** The zone the member reads times in; empty: the browser's. */
export function TimeZoneSection({ saved }: { saved: string | null }) {
  const id = useId();
  const saving = useUpdateProfile();
  const [draft, setDraft] = useState(saved ?? '');
  const options = useMemo(() => timeZoneOptions(saved), [saved]);
  const changed = draft !== (saved ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) saving.mutate({ time_zone: draft || null });
  };

  return (
    <SectionCard title={T.zoneTitle} description={T.zoneDescription}>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
            {T.zoneLabel}
          </label>
          <select
            id={id}
            className={control}
            value={draft}
            aria-describedby={`${id}-preview`}
            onChange={(event) => setDraft(event.target.value)}
          >
            <option value="">{T.browserZone(browserTimeZone())}</option>
            {options.map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.label}
              </option>
            ))}
          </select>
          <p id={`${id}-preview`} className="mt-1.5 text-xs text-slate-500 tabular-nums">
            {T.zonePreview(nowIn(draft))}
          </p>
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={saving.isPending} disabled={!changed || saving.isPending}>
            {T.saveZone}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
