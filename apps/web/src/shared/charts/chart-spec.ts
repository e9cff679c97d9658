import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  CalendarComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/**
 * The option of one of our charts: only the series and components registered in echarts-setup.ts (lines
 * are registered by the Reports screen, the one that draws them, so the Analysis screen does not carry them).
 */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
  | CalendarComponentOption
  | LegendComponentOption
>;

/** What echarts reports about a clicked element (the part of its event we read). */
export interface ChartClick {
  componentType: string;
  seriesIndex?: number;
  dataIndex: number;
  value?: unknown;
}

/**
 * A chart ready to draw: its option, its height and, for a chart whose elements open something (the
 * Analysis screen's messages), what a clicked element stands for (`Drill`), or null when it stands for none.
 */
export interface ChartSpec<Drill = never> {
  option: ChartOption;
  /** Pixels; horizontal bar charts grow with their number of bars. */
  height: number;
  drill?(click: ChartClick): Drill | null;
}

/** What a chart builder gets to know about where it is drawn. */
export interface ChartLayout {
  /** A narrow container (a phone): fewer labels, vertical calendars. */
  compact: boolean;
}
