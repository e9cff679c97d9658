import { type AuditAction, auditActionLabels, type Member } from '@wadesk/contract';
import type { ReactNode } from 'react';
import { type AuditFilters, NO_FILTERS } from '@/features/audit/utils/audit-filters';
import { Button } from '@/shared/ui/button';

const control =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none';

function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label
      className={`flex min-w-0 flex-col gap-1 text-xs font-semibold text-slate-600 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
    >
      {label}
      {children}
    </label>
  );
}

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  members: readonly Member[];
  rangeError: string | null;
}

const ACTIONS = Object.entries(auditActionLabels) as [AuditAction, string][];

/** Action, member and date range; every change applies at once. */
export function AuditFiltersForm({ filters, onChange, members, rangeError }: AuditFiltersFormProps) {
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const filtered =
    filters.action !== '' || filters.actorId !== null || filters.fromDate !== '' || filters.toDate !== '';
  return (
    <fieldset className="border-b border-slate-200 px-4 py-4 sm:px-5">
      <legend className="sr-only">Filters</legend>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1.4fr_1.2fr_1fr_1fr_auto] lg:items-end">
        <Field label="Action" wide>
          <select
            className={control}
            value={filters.action}
            onChange={(event) => set({ action: event.target.value as AuditAction | '' })}
          >
            <option value="">All actions</option>
            {ACTIONS.map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Member" wide>
          <select
            className={control}
            value={filters.actorId ?? ''}
            onChange={(event) => set({ actorId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">Everyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {`${member.first_name} ${member.last_name}`.trim() || member.email}
              </option>
            ))}
          </select>
        </Field>
        <Field label="From">
          <input
            type="date"
            className={control}
            value={filters.fromDate}
            max={filters.toDate || undefined}
            onChange={(event) => set({ fromDate: event.target.value })}
          />
        </Field>
        <Field label="To">
          <input
            type="date"
            className={control}
            value={filters.toDate}
            min={filters.fromDate || undefined}
            onChange={(event) => set({ toDate: event.target.value })}
          />
        </Field>
        <Button
          variant="ghost"
          size="md"
          className="col-span-2 lg:col-span-1"
          disabled={!filtered}
          onClick={() => onChange(NO_FILTERS)}
        >
          Clear filters
        </Button>
      </div>
      {rangeError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {rangeError}
        </p>
      ) : null}
    </fieldset>
  );
}
