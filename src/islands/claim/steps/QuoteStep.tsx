/** Step 7: GetQuote for the chosen parts, optionally with the policyholder's deductible. */
import { replyOf } from '../../../lib/api/client.ts';
import { useEffect, useState } from 'react';
import { GetQuote } from '../../../lib/api/quick-quote.ts';
import { partNumbers } from '../../../lib/claim/parts.ts';
import { parseAmount, rules } from '../../../lib/claim/validation.ts';
import { api } from '../../../stores/api.ts';
import { $claimFlow, updateClaim } from '../../../stores/claim.ts';
import { QuoteTable } from '../QuoteView.tsx';
import { TextField } from '../fields.tsx';
import { Failed, focusField, Loading, useCall, type StepProps } from '../ui.tsx';

const deductibleRule = (v: string) => (v.trim() ? rules.amount('deductible')(v) : null);

export default function QuoteStep({ page, form, next }: StepProps) {
  const { t, flow } = page;
  const [deductible, setDeductible] = useState(flow.QuoteDeductible);
  const load = useCall(flow.Quote ? null : `${flow.QuoteDeductible}`, () => {
    const g = $claimFlow.get();
    return api.call(
      GetQuote,
      {
        ZipCode: g.ZipCode,
        CarId: g.CarId!,
        RepairOrReplace: g.RepairOrReplace || 'Replace',
        NumberOfChipsOrCracks: g.NumberOfChipsOrCracks,
        PartNumbers: partNumbers(g),
        Deductible: g.QuoteDeductible ? parseAmount(g.QuoteDeductible) : null,
      },
      { ignoreErrors: true },
    );
  });
  useEffect(() => {
    if (load.data) updateClaim({ Quote: load.data });
  }, [load.data]);

  /** Prices again with the deductible typed (when it changed and is a valid amount). */
  const requote = (): boolean => {
    const message = deductibleRule(deductible);
    form.set('quote-deductible', message);
    if (message) {
      focusField('quote-deductible');
      return false;
    }
    if (deductible.trim() !== $claimFlow.get().QuoteDeductible) updateClaim({ QuoteDeductible: deductible.trim(), Quote: null });
    return true;
  };
  next.current = () => requote() && $claimFlow.get().Quote !== null;

  return (
    <>
      <div className="flow-deductible">
        <TextField
          form={form}
          id="quote-deductible"
          label={t('claim.deductibleOptional')}
          hint={t('claim.deductibleHint')}
          value={deductible}
          inputMode="decimal"
          maxLength={20}
          rule={deductibleRule}
          onChange={setDeductible}
          action={
            <button type="button" className="btn btn--secondary" onClick={requote}>
              {t('claim.requote')}
            </button>
          }
        />
      </div>
      {load.failed ? (
        <Failed t={t} retry={load.retry} text={load.problem ? t.message(replyOf(load.problem)) : undefined} />
      ) : flow.Quote ? (
        <QuoteTable q={flow.Quote} page={page} caption={t('claim.steps.7')} />
      ) : (
        <Loading t={t} />
      )}
    </>
  );
}
