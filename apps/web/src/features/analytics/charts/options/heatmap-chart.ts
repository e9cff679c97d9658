import type { ChartLayout, ChartSpec } from '@/features/analytics/charts/chart-spec';
import { weekHourHeatmap } from '@/shared/charts/week-hour-heatmap';

/** Messages by weekday and hour of the wall clock; a click on a cell opens its messages. */
export function heatmapChart(heatmap: readonly (readonly number[])[], layout: ChartLayout): ChartSpec {
  return {
    ...weekHourHeatmap(heatmap, layout, { clickable: true }),
    drill: (click) => {
      const value = click.value as [number, number, number] | undefined;
      if (click.componentType !== 'series' || !value || value[2] === 0) return null;
      return { weekday: value[1], hour: value[0] };
    },
  };
}
