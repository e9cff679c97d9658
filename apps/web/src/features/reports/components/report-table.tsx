import type { ReportRange, ReportRow } from '@wadesk/contract';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, DownloadIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { downloadReportCsv, ROW_COLUMNS } from '@/features/reports/utils/report-csv';
import { type FigureDef, formatFigure, TABLE_FIGURES } from '@/features/reports/utils/report-figures';
import { DEFAULT_SORT, nextSort, type RowSort, sortRows } from '@/features/reports/utils/report-sort';
import { reportInboxHref } from '@/shared/format/report-link';
import { Button } from '@/shared/ui/button';

interface ReportTableProps {
  title: string;
  /** The table's caption: what its rows are and their range. */
  caption: string;
  rows: readonly ReportRow[];
  range: ReportRange;
  /** Said when there are no rows. */
  empty: string;
}

const LINK =
  'rounded text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
const STICKY = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-slate-200)]';

function SortHeader({
  label,
  by,
  sort,
  onSort,
  first,
}: {
  label: string;
  by: string;
  sort: RowSort;
  onSort(by: string): void;
  first?: boolean;
}) {
  const active = sort.by === by;
  const Icon = !active ? ArrowUpDownIcon : sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-2 py-2 align-bottom text-xs font-semibold tracking-wide text-slate-500 uppercase ${first ? `${STICKY} pl-4 text-left` : 'text-right'}`}
    >
      <button
        type="button"
        onClick={() => onSort(by)}
        className={`inline-flex items-end gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 ${first ? '' : 'max-w-28 text-right'}`}
      >
        <span>{label}</span>
        <Icon
          aria-hidden="true"
          className={`size-3.5 shrink-0 ${active ? 'text-brand-700' : 'text-slate-400'}`}
        />
      </button>
    </th>
  );
}

function FigureCell({ def, row, href }: { def: FigureDef; row: ReportRow; href: string }) {
  const value = def.read(row);
  const text = formatFigure(def.kind, value);
  return (
    <td className="px-2 py-2.5 text-right whitespace-nowrap text-slate-700 tabular-nums">
      {value === null ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">None</span>
        </>
      ) : (
        // Named by the visible figure first, then what it is (WCAG 2.5.3): "12 (Opened, Asha Rao)".
        <Link to={href} className={LINK} aria-label={`${text} (${def.header}, ${row.name})`}>
          {text}
        </Link>
      )}
    </td>
  );
}

/**
 * The grouped rows with every figure; a header sorts, any figure (or the name) opens the row's tickets in
 * the inbox. Scrolls sideways on a phone with the names kept in view.
 */
export function ReportTable({ title, caption, rows, range, empty }: ReportTableProps) {
  const headingId = useId();
  const [sort, setSort] = useState<RowSort>(DEFAULT_SORT);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const onSort = (by: string) => setSort((current) => nextSort(current, by));
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">Select a figure to see its tickets in the inbox.</p>
        </div>
        <Button
          variant="ghost"
          size="md"
          icon={<DownloadIcon className="size-4" />}
          disabled={rows.length === 0}
          onClick={() => downloadReportCsv('rows', range, sorted, ROW_COLUMNS)}
          aria-label={`Download ${title} as CSV`}
        >
          CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="mx-4 mb-4 rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 sm:mx-5 sm:mb-5">
          {empty}
        </p>
      ) : (
        // `relative`: the cells' screen-reader text (absolutely placed) scrolls with the table, not the page.
        <div className="relative overflow-x-auto border-t border-slate-200">
          <table className="w-full min-w-[76rem] text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-slate-200">
              <tr>
                <SortHeader label="Name" by="name" sort={sort} onSort={onSort} first />
                {TABLE_FIGURES.map((def) => (
                  <SortHeader key={def.id} label={def.header} by={def.id} sort={sort} onSort={onSort} />
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sorted.map((row) => {
                const href = reportInboxHref({ ...range, key: row.key }, row.name);
                return (
                  <tr key={row.key} data-row-key={row.key} className="hover:bg-slate-50">
                    <th
                      scope="row"
                      className={`${STICKY} max-w-32 py-2.5 pr-2 pl-4 text-left font-medium sm:max-w-48`}
                    >
                      <Link to={href} className={`${LINK} block truncate`} title={row.name}>
                        {row.name}
                      </Link>
                    </th>
                    {TABLE_FIGURES.map((def) => (
                      <FigureCell key={def.id} def={def} row={row} href={href} />
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
