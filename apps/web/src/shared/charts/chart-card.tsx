import type { EChartsType } from 'echarts/core';
import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useMemo, useRef } from 'react';
import { useElementWidth } from '@/shared/hooks/use-element-width';
import { Button } from '@/shared/ui/button';
import type { ChartLayout, ChartSpec } from './chart-spec';
import { downloadChartPng } from './download-chart';
import { EChart } from './e-chart';

/** Below this width a chart draws for a phone (fewer labels, upright calendar). */
export const COMPACT_WIDTH = 480;

interface ChartCardProps<Drill> {
  /** Names the chart's test id (`chart-{id}`) and its PNG file (`{filePrefix}-{id}.png`). */
  id: string;
  filePrefix: string;
  title: string;
  description?: string;
  /**
   * What the chart shows in one or two sentences (the busiest hour, the largest bucket): the canvas's
   * accessible description, read after its name.
   */
  summary?: string;
  /** Builds the chart for the card's width; keep it stable (useCallback) so the chart is not redrawn. */
  build(layout: ChartLayout): ChartSpec<Drill>;
  /** When set, the statistic has no data: this text shows instead of the chart. */
  empty?: string | null;
  /** Controls above the chart (e.g. day / week / month). */
  controls?: ReactNode;
  /** Downloads the chart's table as CSV. */
  onCsv?(): void;
  /** The chart's numbers as a table, under "Show as table" (for screen readers and for reading exact values). */
  table?: ReactNode;
  /** Spans both columns on large screens. */
  wide?: boolean;
  onDrill?(drill: Drill): void;
}

/** A titled chart with its PNG (and CSV) download, and optionally its numbers as a table. */
export function ChartCard<Drill = never>(props: ChartCardProps<Drill>) {
  const { id, filePrefix, title, description, summary, build, empty, controls, onCsv, table, wide, onDrill } =
    props;
  const bodyRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const width = useElementWidth(bodyRef);
  const compact = width > 0 && width < COMPACT_WIDTH;
  const spec = useMemo(() => (empty ? null : build({ compact })), [build, compact, empty]);
  const headingId = `chart-title-${id}`;
  const summaryId = `chart-summary-${id}`;

  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {onCsv && !empty ? (
            <Button
              variant="ghost"
              size="md"
              icon={<DownloadIcon className="size-4" />}
              onClick={onCsv}
              aria-label={`Download ${title} as CSV`}
            >
              CSV
            </Button>
          ) : null}
          {spec ? (
            <Button
              variant="ghost"
              size="md"
              icon={<DownloadIcon className="size-4" />}
              onClick={() =>
                chartRef.current && downloadChartPng(chartRef.current, `${filePrefix}-${id}.png`)
              }
              aria-label={`Download ${title} as PNG`}
            >
              PNG
            </Button>
          ) : null}
        </div>
      </div>
      {controls && !empty ? <div className="mt-3">{controls}</div> : null}
      <div ref={bodyRef} className="mt-3 min-w-0 flex-1">
        {spec ? (
          <>
            {summary ? (
              <p id={summaryId} className="sr-only">
                {summary}
              </p>
            ) : null}
            <EChart
              spec={spec}
              label={title}
              describedBy={summary ? summaryId : undefined}
              testId={`chart-${id}`}
              onDrill={onDrill}
              onInstance={(chart) => {
                chartRef.current = chart;
              }}
            />
          </>
        ) : (
          <p className="flex h-32 items-center justify-center rounded-xl bg-slate-50 px-4 text-center text-sm text-slate-500">
            {empty}
          </p>
        )}
      </div>
      {table && !empty ? (
        <details className="group mt-3 rounded-lg border border-slate-200">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            Show as table
          </summary>
          <div className="max-h-80 overflow-auto border-t border-slate-200">{table}</div>
        </details>
      ) : null}
    </section>
  );
}
