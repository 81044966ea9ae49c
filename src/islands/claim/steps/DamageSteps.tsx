/** Steps 3 and 4: the damaged glass, repair or replace, chips; then the problem questions and the repair guidance. */
import { replyOf } from '../../../lib/api/client.ts';
import { useEffect } from 'react';
import { GetGlassOptionsByCarId, GetProblemQuestions } from '../../../lib/api/quick-quote.ts';
import { temperedChosen } from '../../../lib/claim/parts.ts';
import { impliedFeatures } from '../../../lib/claim/questions.ts';
import { GLASS_GROUPS, REPAIR_OR_REPLACE, type RepairOrReplace } from '../../../lib/claim/glass.ts';
import { repairGuidance, shownRecommendation, type ProblemAnswers } from '../../../lib/claim/repair.ts';
import { api } from '../../../stores/api.ts';
import { $claimFlow, updateClaim, type ClaimFlow } from '../../../stores/claim.ts';
import { Choices } from '../choices.tsx';
import { Failed, Loading, useCall, type StepProps } from '../ui.tsx';
import { GlassPicker, ZoneDiagram } from './pictures.tsx';
import { allAnswered, YesNoQuestions, type AnswerSet } from './YesNoQuestions.tsx';

const PROBLEM: AnswerSet = {
  field: 'ProblemAnswers',
  prefix: 'q',
  // What the answers tell about the windshield (a camera) is ticked on step 6: when it changes, step 6 starts again from it.
  alsoResets: (before, after) => (impliedFeatures(before).join() === impliedFeatures(after).join() ? {} : { PropertyFor: '' }),
};
/** The chips or cracks choices: 1, 2, 3 and 4 (= more than 3). */
const CHIPS = [1, 2, 3, 4] as const;

/** The picture's click on a glass group: the matching checkbox toggles (it holds the choice, and clears its message). */
const toggleGlass = (group: string) => document.querySelector<HTMLInputElement>(`input[name="glass"][value="${CSS.escape(group)}"]`)?.click();

/** What a change of the glass or of repair/replace resets: the questions asked for them and the quote. */
const NO_QUESTIONS: Partial<ClaimFlow> = { ProblemQuestions: null, ProblemAnswers: {}, AutoReplaced: false, Quote: null };

/** Step 3: GetGlassOptionsByCarId → the damaged glass groups, repair or replace, the number of chips or cracks. */
export function DamageStep({ page, form, next }: StepProps) {
  const { t, flow } = page;
  const carId = flow.CarId;
  const load = useCall(carId && flow.GlassCarId !== carId ? `${carId}` : null, () => api.call(GetGlassOptionsByCarId, { CarId: String(carId!) }, { ignoreErrors: true }));
  useEffect(() => {
    if (load.data) updateClaim({ GlassCarId: load.data.CarId, AvailableGlass: load.data.AvailableGlass, Parts: load.data.Parts });
  }, [load.data]);

  const rr = flow.RepairOrReplace;
  const chipsRule = (service: string, chips: number) => (service === 'Repair' && chips < 1 ? t('claim.chooseChips') : null);
  next.current = () => {
    const g = $claimFlow.get();
    if (g.GlassCarId !== g.CarId) return false;
    return form.all([
      ['glass', g.SelectedGlassGroups.length ? null : t('claim.chooseGlass')],
      ['service', g.RepairOrReplace ? null : t('claim.chooseService')],
      ['chips', chipsRule(g.RepairOrReplace, g.NumberOfChipsOrCracks)],
    ]);
  };

  if (load.failed) return <Failed t={t} retry={load.retry} text={load.problem ? t.message(replyOf(load.problem)) : undefined} />;
  if (load.loading || flow.GlassCarId !== carId) return <Loading t={t} />;
  return (
    <>
      {/* The checkboxes hold the choice; the car mirrors it and toggles them when clicked. It sits beside the three
          groups on a wide screen, beside the glass alone on a phone. */}
      <div className="pic-pick">
        <Choices
          form={form}
          id="glass"
          legend={t('claim.glass')}
          req
          multiple
          options={flow.AvailableGlass.map((g) => ({ value: g, label: t.dynamic(`claim.groups.${g}`, g) }))}
          value={flow.SelectedGlassGroups}
          onChange={(v) => updateClaim({ SelectedGlassGroups: GLASS_GROUPS.filter((g) => v.includes(g)), ...NO_QUESTIONS })}
          check={(v) => (v.length ? null : t('claim.chooseGlass'))}
        />
        <GlassPicker t={t} available={flow.AvailableGlass} selected={flow.SelectedGlassGroups} onToggle={toggleGlass} />
        <Choices
          form={form}
          id="service"
          legend={t('claim.repairOrReplace')}
          req
          row
          options={REPAIR_OR_REPLACE.map((v) => ({ value: v, label: t.dynamic(`claim.service.${v}`, v) }))}
          value={rr}
          onChange={(v) => updateClaim({ RepairOrReplace: v as RepairOrReplace, ...NO_QUESTIONS })}
          check={(v) => (v ? null : t('claim.chooseService'))}
        />
        {/* Four choices: radios in a row (a select hides them behind a click). */}
        <Choices
          form={form}
          id="chips"
          legend={t('claim.chips')}
          req={rr === 'Repair'}
          row
          options={CHIPS.map((n) => ({ value: String(n), label: n > 3 ? t('claim.moreThan3') : String(n) }))}
          value={flow.NumberOfChipsOrCracks > 0 ? String(flow.NumberOfChipsOrCracks) : ''}
          onChange={(v) => updateClaim({ NumberOfChipsOrCracks: v ? Number(v) : -1, Quote: null })}
          check={(v) => chipsRule(rr, v ? Number(v) : -1)}
        />
      </div>
    </>
  );
}

/** Step 4: GetProblemQuestions → yes/no each; the repair guidance switches Repair to Replace when it must. */
export function QuestionsStep({ page, form, next }: StepProps) {
  const { t, flow } = page;
  const load = useCall(flow.ProblemQuestions === null ? 'q' : null, () =>
    api.call(GetProblemQuestions, { CarId: flow.CarId!, SelectedGlassGroups: flow.SelectedGlassGroups, RepairOrReplace: flow.RepairOrReplace || 'Replace' }),
  );
  useEffect(() => {
    if (load.data) updateClaim({ ProblemQuestions: load.data });
  }, [load.data]);

  const guidance = repairGuidance({ tempered: temperedChosen(flow), numberOfChipsOrCracks: flow.NumberOfChipsOrCracks, answers: flow.ProblemAnswers as ProblemAnswers });
  const replace = guidance.recommendation === 'Replace';
  useEffect(() => {
    if (replace && flow.RepairOrReplace === 'Repair') updateClaim({ RepairOrReplace: 'Replace', AutoReplaced: true, Quote: null });
    else if (!replace && flow.AutoReplaced) updateClaim({ RepairOrReplace: 'Repair', AutoReplaced: false, Quote: null });
  }, [replace, flow.RepairOrReplace, flow.AutoReplaced]);

  const questions = flow.ProblemQuestions ?? [];
  next.current = () => flow.ProblemQuestions !== null && allAnswered(form, t, flow, PROBLEM, questions);
  // No recommendation before the answers allow one (Repair needs every answer; one 'yes' is enough for Replace).
  const shown = shownRecommendation(guidance, questions.map((q) => q.QuestionId), flow.ProblemAnswers);

  if (load.failed) return <Failed t={t} retry={load.retry} />;
  if (flow.ProblemQuestions === null) return <Loading t={t} />;
  return (
    <>
      {questions.length === 0 && <p className="muted">{t('claim.noQuestions')}</p>}
      {/* The windshield's zones beside the questions that ask about them (above them on a phone: look, then answer). */}
      <div className="pic-beside pic-beside--first">
        <ZoneDiagram t={t} asked={questions.map((q) => q.QuestionId)} answers={flow.ProblemAnswers} />
        <div className="pic-beside__main">
          <YesNoQuestions form={form} t={t} flow={flow} set={PROBLEM} questions={questions} />
        </div>
      </div>
      <section className={`flow-guidance${replace ? ' flow-guidance--replace' : ''}`} aria-labelledby="guidance-title" data-testid="repair-guidance">
        <h3 id="guidance-title">
          {t('claim.recommendation')}
          {shown && `: ${t.dynamic(`claim.service.${shown}`, shown)}`}
        </h3>
        <div role="status">
          {flow.AutoReplaced && <p className="flow-guidance__switched">{t('claim.switched')}</p>}
          {guidance.reasons.length ? (
            <ul>
              {guidance.reasons.map((r) => (
                <li key={r}>{t.dynamic(`claim.reasons.${r}`, r)}</li>
              ))}
            </ul>
          ) : (
            <p>{shown ? t('claim.repairOk') : t('claim.recommendationPending')}</p>
          )}
        </div>
      </section>
    </>
  );
}
