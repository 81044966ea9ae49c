/** The yes/no questions of steps 4 (problem) and 6 (windshield properties): one required radio row each. */
import { answerKey } from '../../../lib/claim/flow.ts';
import { $claimFlow, updateClaim, type ClaimFlow } from '../../../stores/claim.ts';
import { Choices, yesNo } from '../choices.tsx';
import type { ClaimT, Form } from '../fields.tsx';

type Question = { QuestionId: string; Text: string };
/** Where a step keeps its answers, and the id prefix of its fields. */
export interface AnswerSet {
  field: 'ProblemAnswers' | 'PropertyAnswers';
  prefix: 'q' | 'p';
  /** What else a changed answer resets (from the answers before and after it). */
  alsoResets?: (before: Record<string, boolean>, after: Record<string, boolean>) => Partial<ClaimFlow>;
}

const fieldId = (set: AnswerSet, q: Question) => `${set.prefix}-${answerKey(q.QuestionId)}`;
const answerOf = (flow: ClaimFlow, set: AnswerSet, q: Question) => {
  const v = flow[set.field][q.QuestionId];
  return v === undefined ? '' : v ? 'yes' : 'no';
};

/** True when the answer of a question is given. */
export const answered = (flow: ClaimFlow, set: AnswerSet, q: Question) => answerOf(flow, set, q) !== '';

/** The Next check: every question answered, the first unanswered one marked and focused. */
export function allAnswered(form: Form, t: ClaimT, flow: ClaimFlow, set: AnswerSet, questions: readonly Question[]): boolean {
  return form.all(questions.map((q) => [fieldId(set, q), answered(flow, set, q) ? null : t('claim.answer')]));
}

export function YesNoQuestions({ form, t, flow, set, questions }: { form: Form; t: ClaimT; flow: ClaimFlow; set: AnswerSet; questions: readonly Question[] }) {
  return (
    <>
      {questions.map((q) => (
        <Choices
          key={q.QuestionId}
          form={form}
          id={fieldId(set, q)}
          legend={t.dynamic(`claim.questions.${q.QuestionId}`, q.Text)}
          req
          row
          options={yesNo(t)}
          value={answerOf(flow, set, q)}
          // A changed answer can change the part or the service: the quote is priced again.
          onChange={(v) => {
            const before = $claimFlow.get()[set.field];
            const after = { ...before, [q.QuestionId]: v === 'yes' };
            updateClaim({ [set.field]: after, Quote: null, ...set.alsoResets?.(before, after) });
          }}
          check={(v) => (v ? null : t('claim.answer'))}
        />
      ))}
    </>
  );
}
