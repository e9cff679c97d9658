import type { MessageFilter } from '@wadesk/chat-export';
import type { ChartLayout, ChartSpec } from '@/features/analytics/charts/chart-spec';
import {
  BRAND,
  baseOption,
  escapeHtml,
  LABELS_INSIDE,
  MUTED_TEXT,
  pointOf,
  SPLIT_COLOR,
  TEXT_COLOR,
} from '@/shared/charts/chart-theme';

/** One bar of a ranked list: its name, its number and the messages behind it. */
export interface BarItem {
  label: string;
  value: number;
  /** The text at the end of the bar and in the tooltip (default: the number). */
  valueText?: string;
  filter: MessageFilter;
}

export interface BarListOptions {
  layout: ChartLayout;
  color?: string;
  /** Labels that must stay whole (emoji): never cut to fit. */
  keepLabels?: boolean;
  /** Bigger labels, e.g. emoji. */
  labelSize?: number;
  /** The labels' font (emoji need a colour emoji font first). */
  labelFont?: string;
  /** Tooltip line under the name, from the item (default: its value text). */
  describe?: (item: BarItem) => string;
}

export const BAR_ROW_HEIGHT = 30;

/** A ranked horizontal bar list, biggest on top; a click on a bar opens its messages. */
export function barListChart(items: readonly BarItem[], options: BarListOptions): ChartSpec {
  const { layout, color = BRAND[600], keepLabels = false, labelSize = 12 } = options;
  const valueText = (item: BarItem) => item.valueText ?? item.value.toLocaleString('en-IN');
  const describe = options.describe ?? valueText;
  const labelWidth = layout.compact ? 96 : 150;
  return {
    height: Math.max(120, items.length * BAR_ROW_HEIGHT + 24),
    option: {
      ...baseOption(),
      grid: { left: 8, right: 16, top: 4, bottom: 4, ...LABELS_INSIDE },
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'item',
        formatter: (params) => {
          const item = items[pointOf<{ dataIndex: number }>(params)?.dataIndex ?? -1];
          return item ? `<b>${escapeHtml(item.label)}</b><br/>${escapeHtml(describe(item))}` : '';
        },
      },
      xAxis: {
        type: 'value',
        show: false,
        max: (extent: { max: number }) => extent.max * (layout.compact ? 1.35 : 1.2),
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: items.map((item) => item.label),
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: {
          color: TEXT_COLOR,
          fontSize: labelSize,
          ...(options.labelFont ? { fontFamily: options.labelFont } : {}),
          ...(keepLabels ? {} : { width: labelWidth, overflow: 'truncate' as const }),
        },
        splitLine: { show: false },
      },
      series: [
        {
          type: 'bar',
          data: items.map((item) => item.value),
          barMaxWidth: 18,
          itemStyle: { color, borderRadius: [0, 4, 4, 0] },
          emphasis: { itemStyle: { color: BRAND[800] } },
          backgroundStyle: { color: SPLIT_COLOR },
          cursor: 'pointer',
          label: {
            show: true,
            position: 'right',
            color: MUTED_TEXT,
            fontSize: 11,
            formatter: (params) => {
              const item = items[params.dataIndex];
              return item ? valueText(item) : '';
            },
          },
        },
      ],
    },
    drill: (click) => (click.componentType === 'series' ? (items[click.dataIndex]?.filter ?? null) : null),
  };
}
