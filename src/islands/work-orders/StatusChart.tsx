/**
 * The dashboard's chart of work orders filed per week by their status now: stacked bars drawn as inline SVG (no
 * chart library), a legend, and the same numbers as a table for screen readers and anyone who wants them.
 */
import type { Dashboard } from '../../lib/api/work-orders.ts';
import { WORK_ORDER_STATUSES } from '../../lib/work-orders.ts';
import { formatWeek } from '../../lib/format-date.ts';
import ChartGrid, { gridScale } from '../shared/ChartGrid.tsx';
import ChartTable from '../shared/ChartTable.tsx';
import { statusLabel, statusSlug, type WorkOrdersT } from './status.ts';

/**
 * Drawing areas (SVG units; a chart scales to its box): one for wide screens, and one for phones (CSS shows it under
 * 767 px) whose text keeps about its size there, with every third week labelled.
 */
const SIZES = [
  { W: 960, H: 300, every: 1, narrow: false },
  { W: 320, H: 260, every: 3, narrow: true },
] as const;
const PAD = { top: 12, right: 8, bottom: 34, left: 44 };

/** The chart; `titleId` is the id of the heading that names it. */
export default function StatusChart({ weekly, t, titleId }: { weekly: Dashboard['Weekly']; t: WorkOrdersT; titleId: string }) {
  const lang = t.lang;
  const totals = weekly.map((w) => w.Counts.reduce((n, c) => n + c.Count, 0));
  const all = totals.reduce((a, b) => a + b, 0);
  const { top, ticks } = gridScale(Math.max(...totals));
  const countOf = (w: Dashboard['Weekly'][number], s: (typeof WORK_ORDER_STATUSES)[number]) => w.Counts.find((c) => c.Status === s)?.Count ?? 0;
  // Statuses with no order in any week stay out of the legend and the table.
  const shown = WORK_ORDER_STATUSES.filter((s) => weekly.some((w) => countOf(w, s) > 0));

  return (
    <div className="wo-chart">
      {SIZES.map(({ W, H, every, narrow }) => {
        const plotW = W - PAD.left - PAD.right;
        const plotH = H - PAD.top - PAD.bottom;
        const slot = plotW / Math.max(weekly.length, 1);
        const barW = Math.min(48, slot * 0.6);
        const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
        const desc = `wo-chart-desc-${W}`;
        return (
          <svg key={W} className={`wo-chart__svg${narrow ? ' wo-chart__svg--narrow' : ''}`} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} aria-describedby={desc} focusable="false">
            <desc id={desc}>{t('workOrders.list.chartDesc', { weeks: weekly.length, total: all })}</desc>
            <ChartGrid prefix="wo-chart" ticks={ticks} left={PAD.left} right={W - PAD.right} y={y}>
              {weekly.map((w, i) => {
                const cx = PAD.left + slot * i + slot / 2;
                let acc = 0;
                return (
                  <g key={w.WeekStart} data-week={w.WeekStart}>
                    {WORK_ORDER_STATUSES.map((s) => {
                      const n = countOf(w, s);
                      if (!n) return null;
                      const y0 = y(acc);
                      acc += n;
                      return (
                        <rect key={s} className={`wo-fill--${statusSlug(s)}`} x={cx - barW / 2} width={barW} y={y(acc)} height={Math.max(0, y0 - y(acc))}>
                          <title>{`${t('workOrders.list.weekOf')} ${formatWeek(w.WeekStart, lang, true)}: ${statusLabel(s, t)} ${n}`}</title>
                        </rect>
                      );
                    })}
                    {/* The latest week always has its label. */}
                    {(weekly.length - 1 - i) % every === 0 && (
                      <text className="wo-chart__label" x={cx} y={H - PAD.bottom + 16} textAnchor="middle">
                        {formatWeek(w.WeekStart, lang)}
                      </text>
                    )}
                  </g>
                );
              })}
            </ChartGrid>
          </svg>
        );
      })}
      <ul className="wo-legend">
        {shown.map((s) => (
          <li key={s}>
            <span className={`wo-swatch wo-fill--${statusSlug(s)}`} aria-hidden="true" />
            {statusLabel(s, t)}
          </li>
        ))}
      </ul>
      <ChartTable
        className="wo-chart__data"
        tableClassName="wo-chart__table"
        summary={t('workOrders.list.chartTable')}
        captionId="wo-chart-table-caption"
        caption={t('workOrders.list.chartTitle')}
        columns={[t('workOrders.list.weekOf'), ...shown.map((s) => statusLabel(s, t)), t('workOrders.list.total')]}
        rows={weekly.map((w, i) => ({ key: w.WeekStart, head: formatWeek(w.WeekStart, lang, true), cells: [...shown.map((s) => countOf(w, s)), totals[i]] }))}
      />
    </div>
  );
}
