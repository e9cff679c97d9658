import type { MessageFilter } from '@wadesk/chat-export';
import type { EChartsType } from 'echarts/core';
import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useMemo, useRef } from 'react';
import { useElementWidth } from '@/features/analytics/hooks/use-element-width';
import { Button } from '@/shared/ui/button';
import type { ChartLayout, ChartSpec } from './chart-spec';
import { downloadChartPng } from './download-chart';
import { EChart } from './e-chart';

/** Below this width a chart draws for a phone (fewer labels, upright calendar). */
export const COMPACT_WIDTH = 480;

interface ChartCardProps {
  /** Names the chart's test id (`chart-{id}`) and its PNG file. */
  id: string;
  title: string;
  description?: string;
  /** Builds the chart for the card's width; keep it stable (useCallback) so the chart is not redrawn. */
  build(layout: ChartLayout): ChartSpec;
  /** When set, the statistic has no data: this text shows instead of the chart. */
  empty?: string | null;
  /** Controls above the chart (e.g. day / week / month). */
  controls?: ReactNode;
  /** Downloads the chart's table as CSV. */
  onCsv?(): void;
  /** Spans both columns on large screens. */
  wide?: boolean;
  onDrill(filter: MessageFilter): void;
}

export function ChartCard(props: ChartCardProps) {
  const { id, title, description, build, empty, controls, onCsv, wide, onDrill } = props;
  const bodyRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const width = useElementWidth(bodyRef);
  const compact = width > 0 && width < COMPACT_WIDTH;
  const spec = useMemo(() => (empty ? null : build({ compact })), [build, compact, empty]);
  const headingId = `chart-title-${id}`;

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
              onClick={() => chartRef.current && downloadChartPng(chartRef.current, `chat-${id}.png`)}
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
          <EChart
            spec={spec}
            label={title}
            testId={`chart-${id}`}
            onDrill={onDrill}
            onInstance={(chart) => {
              chartRef.current = chart;
            }}
          />
        ) : (
          <p className="flex h-32 items-center justify-center rounded-xl bg-slate-50 px-4 text-center text-sm text-slate-500">
            {empty}
          </p>
        )}
      </div>
    </section>
  );
}
