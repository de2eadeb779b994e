// The entry of www/vendor/chart.js (scripts/build.sh bundles it with esbuild): chart.js with the parts the page's
// charts use registered (line and bar charts, linear, logarithmic and category axes, legend, tooltip, title,
// filled areas, the default colours), as an ES module whose export is `Chart`. The views load it through
// www/views/assets.js's loadChart.
import {
  Chart, LineController, BarController, LineElement, PointElement, BarElement, LinearScale, LogarithmicScale,
  CategoryScale, Legend, Tooltip, Title, Filler, Colors,
} from 'chart.js';

Chart.register(
  LineController, BarController, LineElement, PointElement, BarElement, LinearScale, LogarithmicScale, CategoryScale,
  Legend, Tooltip, Title, Filler, Colors,
);

export { Chart };
