import { useId } from 'react';
import { useUpdateProfile } from '@/features/auth/api/profile-queries';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { SectionCard } from '@/shared/ui/section-card';

/**
 * The weekly report by mail (Monday 08:00 in the organisation's zone, to owners and admins, decision 0029):
 * saved as soon as it is ticked, like a setting, with the profile's toast.
 */
export function WeeklyDigestSection({ on }: { on: boolean }) {
  const id = useId();
  const saving = useUpdateProfile();
  return (
    <SectionCard title={T.digestTitle} description={T.digestDescription}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-4 focus:ring-brand-100"
          checked={on}
          disabled={saving.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => saving.mutate({ weekly_digest: event.target.checked })}
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {T.digestLabel}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {T.digestHint}
          </p>
        </div>
      </div>
    </SectionCard>
  );
}
