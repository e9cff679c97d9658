import { LineChart } from 'echarts/charts';
import { use } from 'echarts/core';

// The backlog is the app's only line: registered here, by the screen that draws it, so the Analysis
// screen's charts (shared/charts/echarts-setup.ts) do not carry it.
use([LineChart]);
