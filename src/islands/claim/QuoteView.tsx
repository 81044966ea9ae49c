/**
 * The quote as the policyholder quote, the service-quote step and the review show it: the itemised table
 * and the summary rows (location, vehicle, damage, parts).
 */
import type { ReactNode } from 'react';
import type { Quote } from '../../lib/api/quick-quote.ts';
import { vehicleLine } from '../../lib/claim/flow.ts';
import { chosenParts } from '../../lib/claim/parts.ts';
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

/** A definition list of label → value rows (summaries on the quote and review pages). */
export function Summary({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="details flow-summary">
      {rows.map(([k, v]) => (
        <div key={k} className="flow-summary__row">
          <dt>{k}</dt>
          <dd>{v === '' || v === null || v === undefined ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Rows of the quote's summary. */
export function quoteRows({ t, flow }: Pick<Ctx, 't' | 'flow'>) {
  return {
    location: [t('claim.location'), flow.City ? `${flow.City}, ${flow.State} ${flow.ZipCode}` : flow.ZipCode] as const,
    vehicle: [t('claim.vehicle'), vehicleLine(flow)] as const,
    glass: [t('claim.glass'), flow.SelectedGlassGroups.map((g) => t.dynamic(`claim.groups.${g}`, g)).join(', ')] as const,
    service: [t('claim.repairOrReplace'), flow.RepairOrReplace ? t.dynamic(`claim.service.${flow.RepairOrReplace}`, flow.RepairOrReplace) : ''] as const,
    chips: [t('claim.chips'), flow.NumberOfChipsOrCracks > 3 ? t('claim.moreThan3') : flow.NumberOfChipsOrCracks > 0 ? String(flow.NumberOfChipsOrCracks) : t('claim.notGiven')] as const,
    parts: [
      t('claim.parts'),
      <ul className="flow-list">
        {chosenParts(flow).map((p) => (
          <li key={p.PartNumber}>
            {p.Location} · {p.Description} ({p.PartNumber})
          </li>
        ))}
      </ul>,
    ] as const,
  };
}
