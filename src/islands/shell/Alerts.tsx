import { useStore } from '@nanostores/react';
import { $alerts, dismissAlert } from '../../stores/alerts.ts';
import { $banner, $bannerVisible, bannerHref, closeBanner } from '../../stores/banner.ts';
import { $waiting } from '../../stores/waiting.ts';
import { useCommonT } from '../shared/use-t.ts';

/** The global banner, the alert banners (warning red, success green) and the 'Just a sec...' waiting modal. */
export default function Alerts() {
  const t = useCommonT();
  const alerts = useStore($alerts);
  const banner = useStore($banner);
  const bannerVisible = useStore($bannerVisible);
  const waiting = useStore($waiting);
  return (
    <>
      {bannerVisible && banner && (
        <aside className="global-banner" aria-label={banner.bannerTitle}>
          <strong>{banner.bannerTitle}</strong> <span>{banner.bannerAlertText}</span>
          {banner.url && banner.urlLabel && <a href={bannerHref(banner.url)}>{banner.urlLabel}</a>}
          <button type="button" className="icon-btn" onClick={closeBanner} aria-label={t('common.close')}>×</button>
        </aside>
      )}
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
