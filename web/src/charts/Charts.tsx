// Loaded lazily (React.lazy): uPlot and its stylesheet are not in the first screen's bundle.
// uPlot (~50 KB raw, ~20 KB gzipped) draws the time series on canvas; the category breakdowns
// are plain accessible bar lists, which need no chart library at all.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useI18n } from '../i18n/i18n';

export interface Series {
  /** Days (YYYY-MM-DD, read as UTC midnight) or whole ISO timestamps (passport readings). */
  dates: string[];
  values: number[];
  label: string;
  testId?: string;
}

export default function LineChart({ dates, values, label, testId = 'scans-chart' }: Series) {
  const ref = useRef<HTMLDivElement>(null);
  const { fmt } = useI18n();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = dates.map((d) => Date.parse(d.length > 10 ? d : `${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(300, el.clientWidth || 600),
        height: 220,
        scales: { x: { time: true } },
        series: [
          {},
          { label, stroke: '#1f5fbf', width: 2, fill: 'rgba(31,95,191,0.08)', points: { show: true, size: 5 } },
        ],
        // Ticks in the chosen language (27.10. / 10/27, 1.000 / 1,000), not uPlot's English defaults.
        axes: [
          {
            values: (_u, ticks) => {
              const labels = ticks.map((s) => fmt.axisDay(s));
              // The canvas hides its text; the labels stay readable for tests and tools.
              el.dataset.xTicks = labels.join(' ');
              return labels;
            },
          },
          { size: 50, values: (_u, ticks) => ticks.map((n) => fmt.number(n)) },
        ],
        legend: { show: false },
      },
      [xs, values],
      el,
    );
    // The chart follows its box: a phone turned, a window narrowed, a panel opened.
    const resized = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 220 }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [dates, values, label, fmt]);
  return <div ref={ref} className="linechart" data-testid={testId} data-points={values.join(',')} />;
}
