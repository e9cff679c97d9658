import type { MessageFilter } from '@wadesk/chat-export';
import type { BarSeriesOption, HeatmapSeriesOption } from 'echarts/charts';
import type {
  CalendarComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option of one of our charts: only the series and components registered in echarts-setup.ts. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
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

/** A chart ready to draw: its option, its height, and the messages behind each of its elements. */
export interface ChartSpec {
  option: ChartOption;
  /** Pixels; horizontal bar charts grow with their number of bars. */
  height: number;
  /** The filter selecting the messages behind a clicked element, or null when it stands for none. */
  drill(click: ChartClick): MessageFilter | null;
}

/** What a chart builder gets to know about where it is drawn. */
export interface ChartLayout {
  /** A narrow container (a phone): fewer labels, vertical calendars. */
  compact: boolean;
}
