/**
 * The itemised quote as the service-quote step, the policyholder quote, the review and the success page show it.
 * The summary rows are in summary.tsx: the review shows them at once and loads this table on demand.
 */
import type { Quote } from '../../lib/api/quick-quote.ts';
import type { Ctx } from './ui.tsx';

/** An itemised quote: part, labor, kit, recalibration, repair; subtotal, tax, total and who pays what. */
export function QuoteTable({ q, page, caption }: { q: Quote; page: Pick<Ctx, 't' | 'money'>; caption: string }) {
  const { t, money } = page;
  const total = (label: string, amount: number, strong?: boolean) => (
    <div className={strong ? 'quote-totals__strong' : undefined}>
      <dt>{label}</dt>
      <dd>{money(amount)}</dd>
    </div>
  );
  return (
    <div className="table-wrap quote-table" data-testid="quote-table">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('claim.item')}</th>
            <th scope="col">{t('claim.qty')}</th>
            <th scope="col">{t('claim.unitPrice')}</th>
            <th scope="col">{t('claim.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {q.Lines.map((l, i) => (
            <tr key={i} data-kind={l.Kind}>
              <th scope="row">
                {t.dynamic(`claim.kinds.${l.Kind}`, l.Kind)}
                <span className="table__sub">
                  {l.Description}
                  {l.PartNumber && ` · ${l.PartNumber}`}
                </span>
              </th>
              <td>{l.Quantity}</td>
              <td>{money(l.UnitPrice)}</td>
              <td>{money(l.Amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="quote-totals" data-testid="quote-totals">
        {total(t('claim.subtotal'), q.Subtotal)}
        {total(t('claim.tax'), q.Tax)}
        {total(t('claim.total'), q.Total, true)}
        {total(t('claim.deductible'), q.Deductible)}
        {total(t('claim.insurancePays'), q.InsurancePays)}
        {total(t('claim.policyholderPays'), q.PolicyholderPays, true)}
      </dl>
    </div>
  );
}
