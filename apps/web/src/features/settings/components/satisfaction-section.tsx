import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { SectionCard } from '@/shared/ui/section-card';

interface SatisfactionSectionProps {
  on: boolean;
  canEdit: boolean;
  saving: boolean;
  onSave: (on: boolean) => void;
}

/**
 * The organisation's satisfaction poll (docs/decisions/0030), off until an admin turns it on: saved at once,
 * as the lifecycle's switch is. Each group may follow it or set its own on the WhatsApp Chat page.
 */
export function SatisfactionSection({ on, canEdit, saving, onSave }: SatisfactionSectionProps) {
  return (
    <SectionCard title={T.satisfactionTitle} description={T.satisfactionDescription}>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-600"
          checked={on}
          disabled={!canEdit || saving}
          onChange={(event) => onSave(event.target.checked)}
        />
        <span>
          <span className="font-medium">{T.satisfactionLabel}</span>
          <span className="block text-slate-600">{T.satisfactionHint}</span>
        </span>
      </label>
    </SectionCard>
  );
}
