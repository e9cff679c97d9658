import { BarChart, HeatmapChart } from 'echarts/charts';
import {
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what our charts draw is registered, so the rest of echarts is left out of the bundle. The
// canvas renderer, because a PNG export (getDataURL) needs it.
use([
  BarChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CalendarComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);

export { init as initChart };
