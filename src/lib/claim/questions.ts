import type { GlassFeature } from './glass.ts';

/** The problem-property questions (step 6): one per feature that tells candidate windshields apart, put as what the vehicle has (the agent ticks each that applies). */
export const PROPERTY_QUESTIONS: Record<GlassFeature, string> = {
  'lane camera': 'A camera behind the windshield, near the rear-view mirror',
  'rain sensor': 'Wipers that turn on by themselves when it rains (a rain sensor)',
  'heated wiper area': 'Heating wires at the bottom of the windshield, where the wipers rest',
  'heads-up display': 'Driving information shown on the windshield (a heads-up display)',
  acoustic: 'An "acoustic" mark in a lower corner of the windshield',
};

/**
 * The candidate parts that match yes/no answers per feature. A part matches when it has every feature
 * answered yes and none answered no; unanswered features do not count. With no exact match the parts
 * that agree on the most answers win.
 */
export function matchParts<P extends { features: readonly string[] }>(parts: readonly P[], answers: Readonly<Record<string, boolean>>): P[] {
  const score = (p: P) => Object.entries(answers).filter(([f, yes]) => p.features.includes(f) === yes).length;
  const best = Math.max(0, ...parts.map(score));
  return parts.filter((p) => score(p) === best);
}

/** The features on which the candidates differ (those are worth asking about), in a stable order. */
export function distinguishingFeatures(parts: readonly { features: readonly string[] }[], order: readonly GlassFeature[]): GlassFeature[] {
  return order.filter((f) => {
    const n = parts.filter((p) => p.features.includes(f)).length;
    return n > 0 && n < parts.length;
  });
}

/**
 * The features the problem answers (step 4) already tell: damage 'in front of the camera' means the windshield has
 * one. Step 6 starts with these ticked, so the windshield it matches agrees with what the agent said; an answer
 * of 'no' tells nothing (the damage is elsewhere, there may still be a camera).
 */
export function impliedFeatures(problemAnswers: Readonly<Record<string, boolean | undefined>>): GlassFeature[] {
  return problemAnswers.inCameraArea === true ? ['lane camera'] : [];
}
