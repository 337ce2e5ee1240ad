import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const DAY_S = 86_400;
/** "11-25" of a day's UTC midnight in seconds. */
const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(5, 10);

export interface ChartSeries {
  label: string;
  color: string;
  /** One value per point, in major units. */
  values: number[];
}

/**
 * A line chart of daily team figures over the chosen range (uPlot, loaded with the agent centre's chunk only). It
 * follows its box's width, so it fits a phone and a desktop alike.
 */
export function TeamChart({ days, series, dayLabel, height = 260, testId }: { days: string[]; series: ChartSeries[]; dayLabel: string; height?: number; testId: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: '#a9afd1',
          grid: { stroke: 'rgba(255,255,255,0.06)' },
          ticks: { stroke: 'rgba(255,255,255,0.1)' },
          // Whole days only: the points are days of the brand.
          incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 30 * DAY_S],
          values: (_chart, splits) => splits.map((split) => dayText(split)),
        },
        { stroke: '#a9afd1', grid: { stroke: 'rgba(255,255,255,0.06)' }, ticks: { stroke: 'rgba(255,255,255,0.1)' }, size: 70 },
      ],
      series: [
        { label: dayLabel, value: (_chart, value) => (value === null ? '--' : dayText(value)) },
        ...series.map((entry) => ({ label: entry.label, stroke: entry.color, width: 2, points: { show: days.length <= 31 } })),
      ],
    };
    const chart = new uPlot(options, [xs, ...series.map((entry) => entry.values)], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(240, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, dayLabel, height]);

  return <div ref={box} className="agent-chart" data-testid={testId} />;
}
