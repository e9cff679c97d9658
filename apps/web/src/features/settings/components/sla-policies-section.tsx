import {
  MAX_SLA_POLICIES,
  MAX_SLA_WARNING_MINUTES,
  type SlaPolicy,
  type SlaPolicyInput,
  settingsMessages,
  slaPolicies,
  type UpdateSettingsRequest,
} from '@wadesk/contract';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { Button } from '@/shared/ui/button';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

export interface PolicyLabel {
  id: number;
  name: string;
}

/** A policy being edited: targets as typed, a key of its own until the server gives it an id. */
interface Draft
  extends Omit<SlaPolicyInput, 'first_response_minutes' | 'next_response_minutes' | 'resolution_minutes'> {
  key: string;
  first: string;
  next: string;
  resolution: string;
}

const toDraft = (policy: SlaPolicy): Draft => ({
  key: `p${policy.id}`,
  id: policy.id,
  name: policy.name,
  label_ids: policy.label_ids,
  calendar: policy.calendar,
  pause_while_pending: policy.pause_while_pending,
  first: policy.first_response_minutes?.toString() ?? '',
  next: policy.next_response_minutes?.toString() ?? '',
  resolution: policy.resolution_minutes?.toString() ?? '',
});

const minutes = (text: string): number | null => (text.trim() === '' ? null : Number(text));

const toInput = ({ key: _key, first, next, resolution, ...policy }: Draft): SlaPolicyInput => ({
  ...policy,
  first_response_minutes: minutes(first),
  next_response_minutes: minutes(next),
  resolution_minutes: minutes(resolution),
});

/** What the section saves: the fields changed, in one request (the server saves them together or not at all). */
type SlaChanges = Pick<UpdateSettingsRequest, 'sla_policies' | 'sla_warning_minutes'>;

interface SlaPoliciesSectionProps {
  saved: SlaPolicy[];
  /** Minutes before a clock falls due at which it is breaching soon. */
  savedWarning: number;
  labels: readonly PolicyLabel[];
  canEdit: boolean;
  saving: boolean;
  /** `saved` is called once the server took the changes: the drafts are kept until then. */
  onSave: (changes: SlaChanges, saved: () => void) => void;
}

/** The warning as typed: whole minutes from 1 to MAX_SLA_WARNING_MINUTES (updateSettingsRequest), else null. */
const warningMinutes = (text: string): number | null => {
  const minutes = Number(text.trim());
  return /^\d+$/.test(text.trim()) && minutes >= 1 && minutes <= MAX_SLA_WARNING_MINUTES ? minutes : null;
};

let created = 0;

/**
 * The organisation's SLA policies as an ordered list (the first whose labels a ticket has applies), and how
 * long before a clock's due time it counts as breaching soon.
 */
export function SlaPoliciesSection(props: SlaPoliciesSectionProps) {
  const { saved, savedWarning, labels, canEdit, saving, onSave } = props;
  const [draft, setDraft] = useState<Draft[] | null>(null);
  const [warningDraft, setWarningDraft] = useState<string | null>(null);
  const list = draft ?? saved.map(toDraft);
  const inputs = list.map(toInput);
  const checked = slaPolicies.safeParse(inputs);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const policiesChanged =
    draft !== null && JSON.stringify(inputs) !== JSON.stringify(saved.map((p) => toInput(toDraft(p))));
  const warningText = warningDraft ?? String(savedWarning);
  const warning = warningMinutes(warningText);
  const warningChanged = warningDraft !== null && warning !== savedWarning;
  const changed = policiesChanged || warningChanged;
  const save = () =>
    onSave(
      {
        ...(policiesChanged ? { sla_policies: inputs } : {}),
        ...(warningChanged && warning !== null ? { sla_warning_minutes: warning } : {}),
      },
      () => {
        setDraft(null);
        setWarningDraft(null);
      },
    );
  const update = (key: string, change: Partial<Draft>) =>
    setDraft(list.map((policy) => (policy.key === key ? { ...policy, ...change } : policy)));
  const move = (index: number, by: number) => {
    const next = [...list];
    const [policy] = next.splice(index, 1);
    if (policy) next.splice(index + by, 0, policy);
    setDraft(next);
  };
  const add = () =>
    setDraft([
      ...list,
      {
        key: `new${++created}`,
        name: list.length === 0 ? 'Standard' : '',
        label_ids: [],
        calendar: 'business',
        pause_while_pending: true,
        first: '60',
        next: '',
        resolution: '',
      },
    ]);

  return (
    <SectionCard title={T.policiesTitle} description={T.policiesDescription}>
      {list.length === 0 ? <p className="text-sm text-slate-500 italic">{T.noPolicies}</p> : null}
      <ol aria-label={T.policiesTitle} className="flex flex-col gap-3">
        {list.map((policy, index) => (
          <li key={policy.key} className="rounded-lg border border-slate-200 p-3 sm:p-4">
            <fieldset disabled={!canEdit} className="flex flex-col gap-3">
              <legend className="sr-only">{policy.name || `Policy ${index + 1}`}</legend>
              <div className="flex flex-wrap items-end gap-2">
                <TextField
                  label={T.policyName}
                  value={policy.name}
                  maxLength={60}
                  onChange={(event) => update(policy.key, { name: event.target.value })}
                  className="min-w-0 flex-1"
                />
                {canEdit ? (
                  <div className="flex gap-1">
                    <IconButton
                      label={`Move ${policy.name || 'policy'} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      icon={<ArrowUpIcon className="size-4" />}
                    />
                    <IconButton
                      label={`Move ${policy.name || 'policy'} down`}
                      disabled={index === list.length - 1}
                      onClick={() => move(index, 1)}
                      icon={<ArrowDownIcon className="size-4" />}
                    />
                    <IconButton
                      label={`Remove ${policy.name || 'policy'}`}
                      onClick={() => setDraft(list.filter((p) => p.key !== policy.key))}
                      icon={<Trash2Icon className="size-4" />}
                    />
                  </div>
                ) : null}
              </div>
              <div>
                <p className="mb-1.5 text-sm font-medium text-slate-700">{T.policyLabels}</p>
                {labels.length === 0 && policy.label_ids.length === 0 ? (
                  <p className="text-sm text-slate-500">{T.policyAnyLabel}</p>
                ) : (
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    {labels.map((label) => (
                      <label key={label.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          checked={policy.label_ids.includes(label.id)}
                          onChange={(event) =>
                            update(policy.key, {
                              label_ids: event.target.checked
                                ? [...policy.label_ids, label.id]
                                : policy.label_ids.filter((id) => id !== label.id),
                            })
                          }
                        />
                        {label.name}
                      </label>
                    ))}
                    {policy.label_ids.length === 0 ? (
                      <span className="text-sm text-slate-500">({T.policyAnyLabel})</span>
                    ) : null}
                  </div>
                )}
              </div>
              <div>
                <div className="grid grid-cols-3 items-end gap-2 sm:gap-3">
                  {(
                    [
                      ['first', T.firstResponse],
                      ['next', T.nextResponse],
                      ['resolution', T.resolution],
                    ] as const
                  ).map(([field, label]) => (
                    <TextField
                      key={field}
                      label={label}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      value={policy[field]}
                      onChange={(event) => update(policy.key, { [field]: event.target.value })}
                    />
                  ))}
                </div>
                <p className="mt-1 text-xs text-slate-500">{T.targetHint}</p>
              </div>
              <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-800">
                <label className="inline-flex items-center gap-2">
                  {T.countIn}
                  <select
                    value={policy.calendar}
                    onChange={(event) =>
                      update(policy.key, { calendar: event.target.value as Draft['calendar'] })
                    }
                    className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
                  >
                    <option value="business">{T.businessCalendar}</option>
                    <option value="wall">{T.wallCalendar}</option>
                  </select>
                </label>
                <label className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={policy.pause_while_pending}
                    onChange={(event) => update(policy.key, { pause_while_pending: event.target.checked })}
                  />
                  {T.pauseWhilePending}
                </label>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {problem && draft !== null ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      <TextField
        label={T.slaWarningLabel}
        hint={T.slaWarningHint}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SLA_WARNING_MINUTES}
        value={warningText}
        readOnly={!canEdit}
        onChange={(event) => setWarningDraft(event.target.value)}
        error={warning === null ? settingsMessages.slaWarningInvalid : undefined}
        className="mt-4 w-full sm:max-w-sm"
      />
      {canEdit ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
          <Button
            type="button"
            variant="secondary"
            icon={<PlusIcon className="size-4" />}
            disabled={list.length >= MAX_SLA_POLICIES}
            onClick={add}
          >
            {T.addPolicy}
          </Button>
          <Button
            type="button"
            busy={saving}
            disabled={!changed || problem !== null || warning === null || saving}
            onClick={save}
          >
            {T.save}
          </Button>
        </div>
      ) : null}
    </SectionCard>
  );
}

function IconButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40"
    >
      {icon}
    </button>
  );
}
