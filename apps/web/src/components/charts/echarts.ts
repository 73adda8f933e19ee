import { use as register } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the console's charts draw (option.ts's types list the same parts), rendered as
 * SVG: crisp text at any zoom, and text a test can read. Loaded on demand (charts.tsx), never with the
 * entry or the login page.
 */
register([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  ToolboxComponent,
  MarkLineComponent,
  AriaComponent,
  SVGRenderer,
]);

export { init, type ECharts } from 'echarts/core';
