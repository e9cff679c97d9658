import type { ReportRow } from '@wadesk/contract';
import { useId } from 'react';
import {
  FIGURE_SECTIONS,
  type FigureDef,
  figureChange,
  formatFigure,
} from '@/features/reports/utils/report-figures';
import { FigureChange } from './figure-change';

function StatCard({ def, row, before }: { def: FigureDef; row: ReportRow; before: ReportRow | null }) {
  const value = def.read(row);
  const detail = def.detail?.(row) ?? null;
  // A rating nobody gave is said in words, not as a dash.
  const none = value === null && def.kind === 'rating';
  return (
    <li
      data-testid={`figure-${def.id}`}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-3.5 shadow-sm sm:p-4"
    >
      <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{def.label}</span>
      <span
        data-figure-value
        className={`mt-1 font-bold text-slate-900 tabular-nums ${none ? 'text-base sm:text-lg' : 'text-xl sm:text-2xl'}`}
      >
        {none ? 'No ratings yet' : formatFigure(def.kind, value)}
      </span>
      {detail ? <span className="mt-0.5 text-xs text-slate-600">{detail}</span> : null}
      <span className="mt-auto pt-2">
        <FigureChange change={figureChange(def, row, before)} />
      </span>
    </li>
  );
}

function Section({
  title,
  figures,
  row,
  before,
}: {
  title: string;
  figures: readonly FigureDef[];
  row: ReportRow;
  before: ReportRow | null;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-slate-700">
        {title}
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((def) => (
          <StatCard key={def.id} def={def} row={row} before={before} />
        ))}
      </ul>
    </section>
  );
}

/** The team's totals in sections, each figure with its change on the period before. */
export function ReportStatCards({ row, before }: { row: ReportRow; before: ReportRow | null }) {
  return (
    <div className="space-y-5">
      {FIGURE_SECTIONS.map((section) => (
        <Section
          key={section.title}
          title={section.title}
          figures={section.figures}
          row={row}
          before={before}
        />
      ))}
    </div>
  );
}
