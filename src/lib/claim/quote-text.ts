/**
 * The quote as plain text for the policyholder: what the policyholder quote's 'Email the quote' (a mailto: link,
 * the agent's own mail program) and 'Copy the quote' hand over. The same rows and amounts as the page, in the
 * reader's language. Loaded with the share actions, on demand.
 */
import type { Quote } from '../api/quick-quote.ts';
import type { Key, Params, Translator } from '../i18n.ts';
import type { ClaimFlow } from './flow-state.ts';
import { vehicleLine } from './flow.ts';
import { chosenParts } from './parts.ts';

/** A message: its subject and its body (lines joined with newlines). */
export interface QuoteText {
  subject: string;
  body: string;
}

/** What the text needs of a translator: the claim words (any translator that has them: a page's, or every namespace's). */
type ClaimWords = ((key: Key<'claim'>, params?: Params) => string) & Pick<Translator<'claim'>, 'dynamic'>;

/** The quote of a flow as a message to the policyholder. */
export function quoteText(t: ClaimWords, money: (amount: number) => string, f: ClaimFlow, q: Quote): QuoteText {
  const vehicle = vehicleLine(f);
  // A label that is a question on the page ('Repair or replace?') reads as a label here.
  const row = (label: string, value: string) => `${label.replace(/[¿?]/g, '')}: ${value || '—'}`;
  const parts = chosenParts(f).map((p) => `  ${p.Location} · ${p.Description} (${p.PartNumber})`);
  const item = (l: Quote['Lines'][number]) =>
    `${t.dynamic(`claim.kinds.${l.Kind}`, l.Kind)} (${l.Description}${l.PartNumber ? ` · ${l.PartNumber}` : ''}): ${l.Quantity} × ${money(l.UnitPrice)} = ${money(l.Amount)}`;
  const body = [
    t('claim.share.intro', { vehicle }),
    '',
    row(t('claim.location'), f.City ? `${f.City}, ${f.State} ${f.ZipCode}` : f.ZipCode),
    row(t('claim.vehicle'), vehicle),
    row(t('claim.glass'), f.SelectedGlassGroups.map((g) => t.dynamic(`claim.groups.${g}`, g)).join(', ')),
    row(t('claim.repairOrReplace'), f.RepairOrReplace ? t.dynamic(`claim.service.${f.RepairOrReplace}`, f.RepairOrReplace) : ''),
    ...(parts.length ? [`${t('claim.parts')}:`, ...parts] : []),
    '',
    ...q.Lines.map(item),
    '',
    row(t('claim.subtotal'), money(q.Subtotal)),
    row(t('claim.tax'), money(q.Tax)),
    row(t('claim.total'), money(q.Total)),
    row(t('claim.deductible'), money(q.Deductible)),
    row(t('claim.insurancePays'), money(q.InsurancePays)),
    row(t('claim.policyholderPays'), money(q.PolicyholderPays)),
  ];
  return { subject: t('claim.share.subject', { vehicle }), body: body.join('\n') };
}

/** A mailto: link of a message (RFC 6068): the address as typed ('' leaves the recipient to the agent), subject and body encoded. */
export function mailtoHref(to: string, m: QuoteText): string {
  const address = /^[^\s@?&]+@[^\s@?&]+$/.test(to.trim()) ? encodeURIComponent(to.trim()).replace(/%40/g, '@') : '';
  return `mailto:${address}?subject=${encodeURIComponent(m.subject)}&body=${encodeURIComponent(m.body)}`;
}
