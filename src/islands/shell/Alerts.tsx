import { useStore } from '@nanostores/react';
import { $alerts, dismissAlert } from '../../stores/alerts.ts';
import { $waiting } from '../../stores/waiting.ts';
import { useCommonT } from '../shared/use-t.ts';

/**
 * The alert banners (warning red, success green) and the 'Just a sec...' waiting modal. The global banner is the
 * layout's own (BaseLayout.astro: a small plain script on every page, docs/decisions/024).
 */
export default function Alerts() {
  const t = useCommonT();
  const alerts = useStore($alerts);
  const waiting = useStore($waiting);
  return (
    <>
      <div className="alerts" aria-live="polite">
        {alerts.map((a) => (
          <div key={a.id} className={`alert alert--${a.kind === 'warning' ? 'warning' : 'success'}`} role={a.kind === 'warning' ? 'alert' : 'status'} data-kind={a.kind}>
            <span>{a.text}</span>
            <button type="button" className="icon-btn" onClick={() => dismissAlert(a.id)} aria-label={t('common.dismiss')}>×</button>
          </div>
        ))}
      </div>
      {waiting && (
        <div className="waiting" role="dialog" aria-modal="true" aria-label={t('common.justASec')}>
          <div className="waiting__box">
            <span className="spinner" aria-hidden="true" />
            <p>{t('common.justASec')}</p>
          </div>
        </div>
      )}
    </>
  );
}
