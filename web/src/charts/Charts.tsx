// Loaded lazily (React.lazy): uPlot and its stylesheet are not in the first screen's bundle.
// uPlot (~50 KB raw, ~20 KB gzipped) draws the time series on canvas; the category breakdowns
// are plain accessible bar lists, which need no chart library at all.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  dates: string[];
  values: number[];
  label: string;
}

export default function LineChart({ dates, values, label }: Series) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(300, el.clientWidth || 600),
        height: 220,
        scales: { x: { time: true } },
        series: [
          {},
          { label, stroke: '#1f5fbf', width: 2, fill: 'rgba(31,95,191,0.08)', points: { show: true, size: 5 } },
        ],
        axes: [{}, { size: 50 }],
        legend: { show: false },
      },
      [xs, values],
      el,
    );
    return () => plot.destroy();
  }, [dates, values, label]);
  return <div ref={ref} className="linechart" data-testid="scans-chart" data-points={values.join(',')} />;
}
