/** Steps 5 and 6: the exact pieces of the chosen glass; the property questions that narrow the windshield. */
import { useEffect } from 'react';
import { GetProblemPropertyQuestions, type GlassPart } from '../../../lib/api/quick-quote.ts';
import { answerKey, candidatesKey, windshieldCandidates } from '../../../lib/claim/flow.ts';
import { windshieldPart } from '../../../lib/claim/parts.ts';
import { impliedFeatures } from '../../../lib/claim/questions.ts';
import { GLASS_GROUPS } from '../../../lib/claim/glass.ts';
import { api } from '../../../stores/api.ts';
import { $claimFlow, updateClaim } from '../../../stores/claim.ts';
import { Choices } from '../choices.tsx';
import { Failed, Loading, useCall, type StepProps } from '../ui.tsx';
import { FeaturePictures } from './feature-pictures.tsx';

/** A part for reading: its location, description and number. */
export const partLabel = (p: GlassPart) => (
  <>
    {p.Location}
    <span className="table__sub">
      {p.Description} · {p.PartNumber}
    </span>
  </>
);

/** Step 5: for each chosen side, back or roof group its pieces; the windshield is taken when one fits. */
export function PartsStep({ page, form, next }: StepProps) {
  const { t, flow } = page;
  const groups = GLASS_GROUPS.filter((g) => flow.SelectedGlassGroups.includes(g));
  const partsOf = (g: string) => flow.Parts.filter((p) => p.Group === g);
  const id = (g: string) => `parts-${answerKey(g)}`;
  const missing = (g: string, chosen: readonly string[]) => (partsOf(g).some((p) => chosen.includes(p.PartNumber)) ? null : t('claim.choosePiece'));

  next.current = () => form.all(groups.filter((g) => g !== 'Windshield').map((g) => [id(g), missing(g, $claimFlow.get().ChosenParts)]));

  const windshields = windshieldCandidates(flow);
  return (
    <>
      {groups.map((g) =>
        g === 'Windshield' ? (
          <div key={g} className="flow-part">
            <h3>{t.dynamic(`claim.groups.${g}`, g)}</h3>
            {windshields.length === 1 ? <p data-testid="windshield-part">{partLabel(windshields[0]!)}</p> : <p>{t('claim.windshieldMany')}</p>}
          </div>
        ) : (
          <Choices
            key={g}
            form={form}
            id={id(g)}
            legend={t('claim.pieces', { group: t.dynamic(`claim.groups.${g}`, g).toLowerCase() })}
            req
            multiple
            options={partsOf(g).map((p) => ({ value: p.PartNumber, label: partLabel(p) }))}
            value={flow.ChosenParts}
            onChange={(v) => updateClaim({ ChosenParts: v, Quote: null })}
            check={(v) => missing(g, v as string[])}
          />
        ),
      )}
    </>
  );
}

/**
 * Step 6: the features that tell the candidate windshields apart, as one list to tick (what is left clear is a
 * No); skipped when nothing tells them apart. The windshield they match shows as the boxes change.
 */
export function PropertyStep({ page, form, next, skip }: StepProps) {
  const { t, flow } = page;
  const key = candidatesKey(flow);
  const fresh = flow.PropertyFor === key && flow.PropertyQuestions !== null;
  const load = useCall(fresh ? null : key, () =>
    api.call(GetProblemPropertyQuestions, { CarId: flow.CarId!, PartNumbers: windshieldCandidates(flow).map((p) => p.PartNumber) }),
  );
  const answers = (qs: readonly { QuestionId: string }[], ticked: readonly string[]) => Object.fromEntries(qs.map((q) => [q.QuestionId, ticked.includes(q.QuestionId)]));
  useEffect(() => {
    // What step 4's answers already tell (damage in front of the camera: there is one) starts ticked.
    if (load.data) updateClaim({ PropertyQuestions: load.data, PropertyFor: key, PropertyAnswers: answers(load.data, impliedFeatures($claimFlow.get().ProblemAnswers)), Quote: null });
  }, [load.data, key]);
  const questions = fresh ? flow.PropertyQuestions! : [];
  useEffect(() => {
    if (fresh && questions.length === 0) skip();
    // Once the questions are in: `skip` is rebuilt every render and must not run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh]);

  next.current = () => fresh;

  if (load.failed) return <Failed t={t} retry={load.retry} />;
  if (!fresh) return <Loading t={t} />;
  const part = windshieldPart(flow);
  return (
    <>
      {/* What a camera and a rain sensor look like, beside the list that asks about them. */}
      <div className="pic-beside">
        <div className="pic-beside__main">
          <Choices
            form={form}
            id="properties"
            legend={t('claim.propertyIntro')}
            multiple
            options={questions.map((q) => ({ value: q.QuestionId, label: t.dynamic(`claim.questions.${q.QuestionId}`, q.Text) }))}
            value={questions.filter((q) => flow.PropertyAnswers[q.QuestionId]).map((q) => q.QuestionId)}
            // A changed answer can change the part: the quote is priced again.
            onChange={(v) => updateClaim({ PropertyAnswers: answers(questions, v), Quote: null })}
          />
        </div>
        <FeaturePictures t={t} ids={questions.map((q) => q.QuestionId)} />
      </div>
      <div role="status">
        {part && (
          <p className="flow-part" data-testid="windshield-part">
            <strong>{t('claim.matched')}:</strong> {partLabel(part)}
          </p>
        )}
      </div>
    </>
  );
}
