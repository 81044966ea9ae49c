/**
 * A chart's value grid in inline SVG, shared by the work-order dashboard's chart and the analytics page: a line and
 * its value at each tick, the chart's marks (children) over them, and the zero axis on top. The feature's class
 * prefix names the parts (`${prefix}__grid`, `${prefix}__axis`), styled by its own stylesheet.
 */
import type { ReactNode } from 'react';

/** A round step for the y axis giving about four grid lines. */
export function niceStep(max: number): number {
  if (max <= 4) return 1;
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/** The y axis of values up to `max` (at least 1): its top, a whole number of round steps, and the ticks from 0. */
export function gridScale(max: number): { top: number; ticks: number[] } {
  const m = Math.max(max, 1);
  const step = niceStep(m);
  const top = Math.ceil(m / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

export interface ChartGridProps {
  /** The feature's class prefix ('wo-chart', 'analytics-chart'). */
  prefix: string;
  ticks: number[];
  /** The plot's left and right edges (SVG units); the values are written left of `left`. */
  left: number;
  right: number;
  /** The y of a value. */
  y: (v: number) => number;
  /** The chart's marks, drawn over the grid and under the axis. */
  children: ReactNode;
}

/** The grid, the marks and the axis (inside the chart's <svg>). */
export default function ChartGrid({ prefix, ticks, left, right, y, children }: ChartGridProps) {
  return (
    <>
      {ticks.map((v) => (
        <g key={v} className={`${prefix}__grid`}>
          <line x1={left} x2={right} y1={y(v)} y2={y(v)} />
          <text x={left - 6} y={y(v)} dy="0.32em" textAnchor="end">
            {v}
          </text>
        </g>
      ))}
      {children}
      <line className={`${prefix}__axis`} x1={left} x2={right} y1={y(0)} y2={y(0)} />
    </>
  );
}
