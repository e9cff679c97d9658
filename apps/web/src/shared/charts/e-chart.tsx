import type { EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartClick, ChartSpec } from './chart-spec';
import { initChart } from './echarts-setup';

/**
 * A chart's container element. It carries its echarts instance, so a test can find where a data
 * point is drawn (`container.echarts.convertToPixel(...)`) and click there, as a person would.
 */
export type ChartContainer = HTMLDivElement & { echarts?: EChartsType };

interface EChartProps<Drill> {
  spec: ChartSpec<Drill>;
  /** The chart's accessible name. */
  label: string;
  /** Names the chart's accessible description (a sentence of what it shows), by element id. */
  describedBy?: string;
  testId: string;
  /** What a click on an element opens; without it (or the spec's `drill`) a click does nothing. */
  onDrill?(drill: Drill): void;
  /** Receives the instance once drawn (for the PNG export), null once gone. */
  onInstance?(chart: EChartsType | null): void;
}

/** One echarts canvas that follows its container's width; a click on an element drills down. */
export function EChart<Drill>({ spec, label, describedBy, testId, onDrill, onInstance }: EChartProps<Drill>) {
  const ref = useRef<ChartContainer>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const latest = useRef({ spec, onDrill });
  latest.current = { spec, onDrill };
  const instanceCallback = useRef(onInstance);
  instanceCallback.current = onInstance;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = initChart(element, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    element.echarts = chart;
    chart.on('click', (params) => {
      const { spec, onDrill } = latest.current;
      const target = spec.drill?.(params as unknown as ChartClick) ?? null;
      if (target !== null && onDrill) onDrill(target);
    });
    instanceCallback.current?.(chart);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instanceCallback.current?.(null);
      element.echarts = undefined;
      chartRef.current = null;
      disposeChart(chart);
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.setOption(spec.option, { notMerge: true });
    chart.resize();
  }, [spec]);

  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid={testId}
      className="w-full"
      style={{ height: spec.height }}
    />
  );
}

/**
 * zrender paints a large chart over several animation frames, and a frame that comes after `dispose`
 * reads the disposed painter and throws. Painting an empty scene first starts a new paint, which ends
 * at once and makes any frame still pending of the old one return without drawing.
 */
function disposeChart(chart: EChartsType): void {
  chart.clear();
  chart.getZr().refreshImmediately();
  chart.dispose();
}
