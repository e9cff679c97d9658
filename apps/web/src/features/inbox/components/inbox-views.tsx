import { INBOX_VIEW_LABELS, type InboxView } from '@wadesk/contract';

const VIEWS = Object.keys(INBOX_VIEW_LABELS) as InboxView[];

interface InboxViewsProps {
  view: InboxView;
  onChange: (view: InboxView) => void;
  /** A select on phones (six buttons do not fit 375 px); buttons otherwise. */
  compact: boolean;
}

/** Mine, Unassigned, Open, Pending, Closed, All. */
export function InboxViews({ view, onChange, compact }: InboxViewsProps) {
  if (compact) {
    return (
      <label className="flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-600">View</span>
        <select
          value={view}
          onChange={(event) => onChange(event.target.value as InboxView)}
          className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 focus:ring-4 focus:ring-brand-100 focus:outline-none"
        >
          {VIEWS.map((option) => (
            <option key={option} value={option}>
              {INBOX_VIEW_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <fieldset className="flex flex-wrap gap-1">
      <legend className="sr-only">Views</legend>
      {VIEWS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === view}
          onClick={() => onChange(option)}
          className={`rounded-full px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
            option === view ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
          }`}
        >
          {INBOX_VIEW_LABELS[option]}
        </button>
      ))}
    </fieldset>
  );
}
