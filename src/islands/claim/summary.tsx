/**
 * The claim's answers as summary rows (location, vehicle, damage, parts): the policyholder quote, the review and
 * the live summary beside the flow show them.
 */
import type { ReactNode } from 'react';
import { vehicleLine } from '../../lib/claim/flow.ts';
import { chosenParts } from '../../lib/claim/parts.ts';
import type { Ctx } from './ui.tsx';

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
