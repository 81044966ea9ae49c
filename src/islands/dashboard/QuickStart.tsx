/**
 * The dashboard's quick start: the policyholder's ZIP and the VIN in one go. A plain form to file-claim
 * (?zip=…&vin=…): steps 1 and 2 of the claim flow check both on arrival and open the damage step.
 */
import type { Lang } from '../../lib/i18n.ts';

const TEXT = {
  en: {
    title: 'Start a claim',
    intro: 'Enter the policyholder’s ZIP code and the vehicle’s VIN: the claim opens at the damage step.',
    zip: 'Policyholder ZIP code',
    vin: 'Vehicle identification number (VIN)',
    vinHint: 'Optional: without it you choose the vehicle by year, make and model.',
    start: 'Start the claim',
  },
  es: {
    title: 'Iniciar un reclamo',
    intro: 'Escriba el código postal del asegurado y el VIN del vehículo: el reclamo se abre en el paso de los daños.',
    zip: 'Código postal del asegurado',
    vin: 'Número de identificación del vehículo (VIN)',
    vinHint: 'Opcional: sin él, elige el vehículo por año, marca y modelo.',
    start: 'Iniciar el reclamo',
  },
} as const;

export default function QuickStart({ lang }: { lang: Lang }) {
  const x = TEXT[lang];
  return (
    <section className="card quick-start" aria-labelledby="quick-start-title">
      <h2 id="quick-start-title">{x.title}</h2>
      <p className="muted">{x.intro}</p>
      <form method="get" action="/dashboard/file-claim" className="quick-start__form">
        <div className="field">
          <label htmlFor="qs-zip">{x.zip}</label>
          <input id="qs-zip" name="zip" required inputMode="numeric" autoComplete="postal-code" maxLength={10} pattern="\d{5}(-?\d{4})?" />
        </div>
        <div className="field">
          <label htmlFor="qs-vin">{x.vin}</label>
          <p id="qs-vin-hint" className="field__hint">
            {x.vinHint}
          </p>
          <input id="qs-vin" name="vin" aria-describedby="qs-vin-hint" maxLength={17} autoCapitalize="characters" autoComplete="off" spellCheck={false} />
        </div>
        <button type="submit" className="btn btn--primary">
          {x.start}
        </button>
      </form>
    </section>
  );
}
