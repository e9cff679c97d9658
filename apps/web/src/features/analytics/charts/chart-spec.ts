import type { MessageFilter } from '@wadesk/chat-export';
import type { ChartClick, ChartSpec as DrawnChart } from '@/shared/charts/chart-spec';

export type { ChartClick, ChartLayout, ChartOption } from '@/shared/charts/chart-spec';

/** An analysis chart: each element opens the messages behind it (the filter selecting them). */
export interface ChartSpec extends DrawnChart<MessageFilter> {
  drill(click: ChartClick): MessageFilter | null;
}
