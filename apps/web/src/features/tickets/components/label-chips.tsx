import type { TicketLabel } from '@wadesk/contract';

/** A label's colour as a dot beside its name: the text keeps its contrast whatever the colour. */
export function LabelChip({ label }: { label: TicketLabel }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-700">
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: label.colour }}
      />
      <span className="truncate">{label.name}</span>
    </span>
  );
}

export function LabelChips({ labels }: { labels: readonly TicketLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <ul aria-label="Labels" className="mt-1 flex flex-wrap gap-1">
      {labels.map((label) => (
        <li key={label.id} className="max-w-full">
          <LabelChip label={label} />
        </li>
      ))}
    </ul>
  );
}
