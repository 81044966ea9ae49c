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
export function QuoteTable({ q, c, caption }: { q: Quote; c: Pick<Ctx, 'x' | 'money'>; caption: string }) {
  const { x, money } = c;
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
            <th scope="col">{x.item}</th>
            <th scope="col">{x.qty}</th>
            <th scope="col">{x.unitPrice}</th>
            <th scope="col">{x.amount}</th>
          </tr>
        </thead>
        <tbody>
          {q.Lines.map((l, i) => (
            <tr key={i} data-kind={l.Kind}>
              <th scope="row">
                {x.kinds[l.Kind] ?? l.Kind}
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
        {total(x.subtotal, q.Subtotal)}
        {total(x.tax, q.Tax)}
        {total(x.total, q.Total, true)}
        {total(x.deductible, q.Deductible)}
        {total(x.insurancePays, q.InsurancePays)}
        {total(x.policyholderPays, q.PolicyholderPays, true)}
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
export function quoteRows({ x, flow }: Pick<Ctx, 'x' | 'flow'>) {
  return {
    location: [x.location, flow.City ? `${flow.City}, ${flow.State} ${flow.ZipCode}` : flow.ZipCode] as const,
    vehicle: [x.vehicle, vehicleLine(flow)] as const,
    glass: [x.glass, flow.SelectedGlassGroups.map((g) => x.groups[g] ?? g).join(', ')] as const,
    service: [x.repairOrReplace, flow.RepairOrReplace ? x.service[flow.RepairOrReplace] : ''] as const,
    chips: [x.chips, flow.NumberOfChipsOrCracks > 3 ? x.moreThan3 : flow.NumberOfChipsOrCracks > 0 ? String(flow.NumberOfChipsOrCracks) : x.notGiven] as const,
    parts: [
      x.parts,
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
