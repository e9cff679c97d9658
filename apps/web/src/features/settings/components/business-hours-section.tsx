import {
  type BusinessHours,
  businessHours,
  MAX_WINDOWS_PER_DAY,
  type UpdateSettingsRequest,
  WEEKDAYS,
  type Weekday,
} from '@wadesk/contract';
import { PlusIcon, UploadIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { icsHolidays } from '@/features/settings/utils/ics-holidays';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { Button } from '@/shared/ui/button';
import { RemovableChip } from '@/shared/ui/removable-chip';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';
import { type OutOfHoursReply, OutOfHoursReplyFields, outOfHoursMessageValid } from './out-of-hours-reply';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The zones this browser knows, for the time-zone field's suggestions. */
const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** What the section saves: the fields changed, in one request. */
type HoursChanges = Pick<
  UpdateSettingsRequest,
  'business_hours' | 'out_of_hours_reply' | 'out_of_hours_message'
>;

interface BusinessHoursSectionProps {
  saved: BusinessHours;
  savedReply: OutOfHoursReply;
  canEdit: boolean;
  saving: boolean;
  /** `saved` is called once the server took them: the drafts are kept until then (a refusal loses nothing). */
  onSave: (changes: HoursChanges, saved: () => void) => void;
}

/**
 * The calendar SLA clocks count on (a week of opening hours, holidays and a public-holiday region), and the
 * reply customers get when they write outside it.
 */
export function BusinessHoursSection({
  saved,
  savedReply,
  canEdit,
  saving,
  onSave,
}: BusinessHoursSectionProps) {
  const [draft, setDraft] = useState<BusinessHours | null>(null);
  const [replyDraft, setReplyDraft] = useState<OutOfHoursReply | null>(null);
  const reply = replyDraft ?? savedReply;
  const replyOnChanged = reply.on !== savedReply.on;
  const messageChanged = reply.message !== savedReply.message;
  const [holidayInput, setHolidayInput] = useState('');
  const [importNote, setImportNote] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const zonesId = useId();
  const hours = draft ?? saved;
  const checked = businessHours.safeParse(hours);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? T.hoursInvalid);
  const hoursChanged = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const changed = hoursChanged || replyOnChanged || messageChanged;
  const ready = problem === null && outOfHoursMessageValid(reply.message);
  const change = (next: Partial<BusinessHours>) => setDraft({ ...hours, ...next });
  const save = () =>
    onSave(
      {
        ...(hoursChanged ? { business_hours: hours } : {}),
        ...(replyOnChanged ? { out_of_hours_reply: reply.on } : {}),
        ...(messageChanged ? { out_of_hours_message: reply.message } : {}),
      },
      () => {
        setDraft(null);
        setReplyDraft(null);
      },
    );

  const setWindows = (day: Weekday, windows: BusinessHours['week'][Weekday]) =>
    change({ week: { ...hours.week, [day]: windows ?? [] } });
  const addHoliday = (dates: readonly string[]) =>
    change({ holidays: [...new Set([...hours.holidays, ...dates])].sort() });

  const importIcs = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const dates = icsHolidays(await readText(file));
    setImportNote(dates.length > 0 ? T.icsImported(dates.length, file.name) : T.icsEmpty(file.name));
    if (dates.length > 0) addHoliday(dates);
  };

  return (
    <SectionCard title={T.hoursTitle} description={T.hoursDescription}>
      <div className="flex flex-col gap-4">
        <TextField
          label={T.timeZoneLabel}
          value={hours.time_zone}
          readOnly={!canEdit}
          list={zonesId}
          autoComplete="off"
          onChange={(event) => change({ time_zone: event.target.value.trim() })}
          className="w-full sm:max-w-sm"
        />
        <datalist id={zonesId}>
          {ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>

        <table className="w-full text-sm">
          <caption className="sr-only">{T.weekCaption}</caption>
          <tbody className="divide-y divide-slate-100">
            {WEEKDAYS.map((day) => {
              const windows = hours.week[day] ?? [];
              return (
                <tr key={day} className="align-top">
                  <th
                    scope="row"
                    className="w-24 pt-3.5 pr-3 pb-2 text-left font-medium text-slate-700 sm:w-32"
                  >
                    {DAY_NAMES[day]}
                  </th>
                  <td className="py-2">
                    <ul className="flex flex-wrap items-center gap-2" aria-label={`${DAY_NAMES[day]} hours`}>
                      {windows.length === 0 ? (
                        <li className="py-1 text-slate-500 italic">{T.closed}</li>
                      ) : null}
                      {windows.map((window, index) => (
                        <li
                          // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity beyond their place
                          key={index}
                          className="inline-flex items-center gap-1 rounded-lg border border-slate-200 bg-slate-50 px-2 py-1"
                        >
                          <TimeInput
                            label={`${DAY_NAMES[day]} ${index + 1}: opens`}
                            value={window.from}
                            readOnly={!canEdit}
                            onChange={(from) =>
                              setWindows(
                                day,
                                windows.map((w, i) => (i === index ? { ...w, from } : w)),
                              )
                            }
                          />
                          <span aria-hidden="true">–</span>
                          <TimeInput
                            label={`${DAY_NAMES[day]} ${index + 1}: closes`}
                            value={window.to}
                            readOnly={!canEdit}
                            onChange={(to) =>
                              setWindows(
                                day,
                                windows.map((w, i) => (i === index ? { ...w, to } : w)),
                              )
                            }
                          />
                          {canEdit ? (
                            <button
                              type="button"
                              onClick={() =>
                                setWindows(
                                  day,
                                  windows.filter((_, i) => i !== index),
                                )
                              }
                              aria-label={`Remove ${DAY_NAMES[day]} ${window.from}–${window.to}`}
                              className="rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                            >
                              <XIcon aria-hidden="true" className="size-3.5" />
                            </button>
                          ) : null}
                        </li>
                      ))}
                      {canEdit && windows.length < MAX_WINDOWS_PER_DAY ? (
                        <li>
                          <Button
                            type="button"
                            variant="ghost"
                            size="md"
                            icon={<PlusIcon className="size-4" />}
                            aria-label={`Add hours on ${DAY_NAMES[day]}`}
                            onClick={() =>
                              setWindows(day, [...windows, windows.length === 0 ? NINE_TO_FIVE : EVENING])
                            }
                          >
                            <span className="sr-only sm:not-sr-only">{T.addHours}</span>
                          </Button>
                        </li>
                      ) : null}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>

        <div>
          <h3 className="text-sm font-medium text-slate-700">{T.holidaysTitle}</h3>
          {hours.holidays.length > 0 ? (
            <ul aria-label={T.holidaysTitle} className="mt-2 flex flex-wrap gap-2">
              {hours.holidays.map((date) => (
                <RemovableChip
                  key={date}
                  className="tabular-nums"
                  removeLabel={`Remove the holiday ${date}`}
                  onRemove={
                    canEdit ? () => change({ holidays: hours.holidays.filter((d) => d !== date) }) : undefined
                  }
                >
                  {date}
                </RemovableChip>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500 italic">{T.noHolidays}</p>
          )}
          {canEdit ? (
            <div className="mt-3 flex flex-wrap items-end gap-2">
              <TextField
                label={T.holidayInput}
                type="date"
                value={holidayInput}
                onChange={(event) => setHolidayInput(event.target.value)}
                className="w-full sm:w-48"
              />
              <Button
                type="button"
                variant="secondary"
                icon={<PlusIcon className="size-4" />}
                disabled={!holidayInput}
                onClick={() => {
                  addHoliday([holidayInput]);
                  setHolidayInput('');
                }}
              >
                {T.addHoliday}
              </Button>
              <Button
                type="button"
                variant="secondary"
                icon={<UploadIcon className="size-4" />}
                onClick={() => fileRef.current?.click()}
              >
                {T.importIcs}
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept=".ics,text/calendar"
                className="hidden"
                aria-label={T.importIcs}
                onChange={(event) => void importIcs(event)}
              />
            </div>
          ) : null}
          {importNote ? (
            <p role="status" className="mt-2 text-sm text-slate-600">
              {importNote}
            </p>
          ) : null}
        </div>

        <TextField
          label={T.regionLabel}
          hint={T.regionHint}
          value={hours.holiday_region ?? ''}
          readOnly={!canEdit}
          placeholder="DE-BY"
          onChange={(event) => {
            const region = event.target.value.trim().toUpperCase();
            change({ holiday_region: region === '' ? null : region });
          }}
          className="w-full sm:max-w-xs"
        />

        {problem && draft !== null ? (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        <OutOfHoursReplyFields value={reply} canEdit={canEdit} onChange={setReplyDraft} />
        {canEdit ? (
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <Button type="button" busy={saving} disabled={!changed || !ready || saving} onClick={save}>
              {T.save}
            </Button>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}

const NINE_TO_FIVE = { from: '09:00', to: '17:00' };
const EVENING = { from: '18:00', to: '20:00' };

/** 'HH:MM' typed as text: a time field cannot hold 24:00, the end of a day. */
function TimeInput({
  label,
  value,
  readOnly,
  onChange,
}: {
  label: string;
  value: string;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={label}
      value={value}
      readOnly={readOnly}
      maxLength={5}
      pattern="[0-2][0-9]:[0-5][0-9]"
      onChange={(event) => onChange(event.target.value)}
      className="w-14 rounded border border-transparent bg-transparent px-1 py-0.5 text-center tabular-nums focus:border-brand-600 focus:outline-none"
    />
  );
}

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
