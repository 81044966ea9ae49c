/**
 * The dashboard's quick start: the policyholder's ZIP and the VIN in one go. A plain form to file-claim
 * (?zip=…&vin=…): steps 1 and 2 of the claim flow check both on arrival and open the damage step.
 */
import type { Translator } from '../../lib/i18n.ts';

/** The quick-start form (ZIP and VIN), in the dashboard's words. */
export default function QuickStart({ t }: { t: Translator<'dashboard' | 'common'> }) {
  return (
    <section className="card quick-start" aria-labelledby="quick-start-title">
      <h2 id="quick-start-title">{t('dashboard.quickStart.title')}</h2>
      <p className="muted">{t('dashboard.quickStart.intro')}</p>
      <form method="get" action="/dashboard/file-claim" className="quick-start__form">
        <div className="field">
          <label htmlFor="qs-zip">{t('dashboard.quickStart.zip')}</label>
          <input id="qs-zip" name="zip" required inputMode="numeric" autoComplete="postal-code" maxLength={10} pattern="\d{5}(-?\d{4})?" />
        </div>
        <div className="field">
          <label htmlFor="qs-vin">{t('dashboard.quickStart.vin')}</label>
          <p id="qs-vin-hint" className="field__hint">
            {t('dashboard.quickStart.vinHint')}
          </p>
          <input id="qs-vin" name="vin" aria-describedby="qs-vin-hint" maxLength={17} autoCapitalize="characters" autoComplete="off" spellCheck={false} />
        </div>
        <button type="submit" className="btn btn--primary">
          {t('dashboard.quickStart.start')}
        </button>
      </form>
    </section>
  );
}
