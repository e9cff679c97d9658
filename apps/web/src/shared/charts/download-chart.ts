import type { EChartsType } from 'echarts/core';

/** Saves the chart as it is drawn, as a PNG at twice its size on white (made in the browser). */
export function downloadChartPng(chart: EChartsType, fileName: string): void {
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
