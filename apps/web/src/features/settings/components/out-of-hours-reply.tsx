import { MAX_OUT_OF_HOURS_MESSAGE, settingsMessages } from '@wadesk/contract';
import { useId } from 'react';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';

export interface OutOfHoursReply {
  on: boolean;
  message: string;
}

/** The message as the server checks it (updateSettingsRequest): 1 to 1000 characters once trimmed. */
export const outOfHoursMessageValid = (message: string) => {
  const length = message.trim().length;
  return length >= 1 && length <= MAX_OUT_OF_HOURS_MESSAGE;
};

interface OutOfHoursReplyFieldsProps {
  value: OutOfHoursReply;
  canEdit: boolean;
  onChange: (value: OutOfHoursReply) => void;
}

/**
 * The out-of-hours reply's switch and message, part of the business hours it depends on (saved with them,
 * by the section's Save). `{back}` is the server's to fill in: when the team is back.
 */
export function OutOfHoursReplyFields({ value, canEdit, onChange }: OutOfHoursReplyFieldsProps) {
  const id = useId();
  const valid = outOfHoursMessageValid(value.message);
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-600"
          checked={value.on}
          disabled={!canEdit}
          onChange={(event) => onChange({ ...value, on: event.target.checked })}
        />
        <span>
          <span className="font-medium">{T.outOfHoursLabel}</span>
          <span className="block text-slate-600">{T.outOfHoursHint}</span>
        </span>
      </label>
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
          {T.outOfHoursMessageLabel}
        </label>
        <textarea
          id={id}
          rows={3}
          value={value.message}
          readOnly={!canEdit}
          maxLength={MAX_OUT_OF_HOURS_MESSAGE}
          aria-invalid={valid ? undefined : true}
          aria-describedby={`${id}-${valid ? 'hint' : 'error'}`}
          onChange={(event) => onChange({ ...value, message: event.target.value })}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition focus:outline-none focus:ring-4 ${
            valid
              ? 'border-slate-300 focus:border-brand-600 focus:ring-brand-100'
              : 'border-red-400 focus:border-red-500 focus:ring-red-100'
          }`}
        />
        {valid ? (
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
            {T.outOfHoursMessageHint}
          </p>
        ) : (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
            {settingsMessages.outOfHoursMessageInvalid}
          </p>
        )}
      </div>
    </div>
  );
}
