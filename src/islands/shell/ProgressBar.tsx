import { useCommonT } from '../shared/use-t.ts';

/** The claim-flow progress bar: a percent, scaled for narrow screens by CSS (width <= 768). */
export default function ProgressBar({ percent }: { percent: number }) {
  const t = useCommonT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="progress" role="progressbar" aria-label={t('common.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="progress__fill" style={{ width: `${value}%` }} />
      <span className="progress__text">{value}%</span>
    </div>
  );
}
