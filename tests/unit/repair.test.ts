import { describe, expect, it } from 'vitest';
import { GLASS_GROUPS, GLASS_TYPES } from '../../src/lib/claim/glass.ts';
import { DICTIONARIES } from '../../src/lib/i18n/all.ts';
import {
  isTemperedGlass,
  MAX_REPAIRABLE_CHIPS,
  PROBLEM_QUESTIONS,
  REPLACE_REASONS,
  repairGuidance,
  shownRecommendation,
  type ProblemAnswers,
  type ReasonKey,
} from '../../src/lib/claim/repair.ts';

const windshield = (numberOfChipsOrCracks: number, answers: ProblemAnswers = {}) =>
  repairGuidance({ group: 'Windshield', glassType: 'Windshield', tempered: false, numberOfChipsOrCracks, answers });

/** Each single answer and the reason it must give. */
const SINGLE: [keyof ProblemAnswers, ReasonKey][] = [
  ['crackOver6Inches', 'crackOver6Inches'],
  ['inDriverView', 'driverView'],
  ['inCameraArea', 'cameraArea'],
  ['edgeCrack', 'edgeCrack'],
  ['shattered', 'shattered'],
];

describe('repair versus replace', () => {
  it.each([-1, 0, 1, 2, 3])('repairs a windshield with %i chips and no aggravating answer', (chips) => {
    expect(windshield(chips)).toEqual({ recommendation: 'Repair', reasons: [] });
    expect(windshield(chips, { crackOver6Inches: false, inDriverView: false, inCameraArea: false, edgeCrack: false, shattered: false })).toEqual({
      recommendation: 'Repair',
      reasons: [],
    });
  });

  it.each([4, 5, 20])('replaces a windshield with %i chips (more than 3)', (chips) => {
    expect(MAX_REPAIRABLE_CHIPS).toBe(3);
    expect(windshield(chips)).toEqual({ recommendation: 'Replace', reasons: ['moreThan3Chips'] });
  });

  it.each(SINGLE)('answer %s → Replace because of %s', (answer, reason) => {
    expect(windshield(1, { [answer]: true })).toEqual({ recommendation: 'Replace', reasons: [reason] });
  });

  it('replaces tempered glass whatever the answers; the flag, the glass type or the group tells it is tempered', () => {
    const tempered = repairGuidance({ tempered: true, numberOfChipsOrCracks: 1, answers: {} });
    expect(tempered).toEqual({ recommendation: 'Replace', reasons: ['temperedGlass'] });
    expect(repairGuidance({ glassType: 'Door', numberOfChipsOrCracks: -1, answers: {} }).reasons).toEqual(['temperedGlass']);
    expect(repairGuidance({ group: 'Back glass', numberOfChipsOrCracks: 1, answers: {} }).reasons).toEqual(['temperedGlass']);
    expect(repairGuidance({ group: "Passenger's side", numberOfChipsOrCracks: 1, answers: {} }).recommendation).toBe('Replace');
    expect(repairGuidance({ group: 'Windshield', numberOfChipsOrCracks: 1, answers: {} }).recommendation).toBe('Repair');
  });

  it('knows which glass is tempered', () => {
    for (const t of GLASS_TYPES) expect(isTemperedGlass({ glassType: t }), t).toBe(t !== 'Windshield');
    for (const g of GLASS_GROUPS) expect(isTemperedGlass({ group: g }), g).toBe(g !== 'Windshield');
    // An explicit flag wins (laminated side glass exists); nothing known → not tempered.
    expect(isTemperedGlass({ glassType: 'Door', tempered: false })).toBe(false);
    expect(isTemperedGlass({ glassType: 'Windshield', tempered: true })).toBe(true);
    expect(isTemperedGlass({})).toBe(false);
  });

  it('lists every reason that applies, in a stable order, for any combination', () => {
    // All 2^5 answer combinations × chips 2 / 5 × windshield / tempered: reasons = exactly the rules hit.
    for (let mask = 0; mask < 32; mask++) {
      const answers: ProblemAnswers = {};
      SINGLE.forEach(([key], i) => {
        if (mask & (1 << i)) answers[key] = true;
      });
      for (const chips of [2, 5]) {
        for (const tempered of [false, true]) {
          const expected = new Set<ReasonKey>(SINGLE.filter((_, i) => mask & (1 << i)).map(([, r]) => r));
          if (chips > 3) expected.add('moreThan3Chips');
          if (tempered) expected.add('temperedGlass');
          const got = repairGuidance({ tempered, numberOfChipsOrCracks: chips, answers });
          expect(new Set(got.reasons)).toEqual(expected);
          expect(got.reasons).toEqual(REPLACE_REASONS.filter((r) => expected.has(r)));
          expect(got.recommendation).toBe(expected.size ? 'Replace' : 'Repair');
        }
      }
    }
  });

  it('combines: a long crack in the driver’s view with 4 chips gives three reasons', () => {
    const g = windshield(4, { crackOver6Inches: true, inDriverView: true });
    expect(g.recommendation).toBe('Replace');
    expect([...g.reasons].sort()).toEqual(['crackOver6Inches', 'driverView', 'moreThan3Chips']);
  });

  it('offers the problem questions with ids matching the answers; the windshield-only ones are marked', () => {
    const ids = PROBLEM_QUESTIONS.map((q) => q.id);
    expect(new Set(ids)).toEqual(new Set(SINGLE.map(([a]) => a)));
    expect(PROBLEM_QUESTIONS.find((q) => q.id === 'shattered')!.windshieldOnly).toBe(false);
    for (const id of ['crackOver6Inches', 'inDriverView', 'inCameraArea', 'edgeCrack'] as const) {
      expect(PROBLEM_QUESTIONS.find((q) => q.id === id)!.windshieldOnly).toBe(true);
    }
    expect(PROBLEM_QUESTIONS.every((q) => q.text.endsWith('?'))).toBe(true);
    // Each reason reads in both languages (the claim dictionaries, keyed by reason), and 'more than N chips' says N.
    for (const lang of ['en', 'es'] as const) {
      const reasons = (DICTIONARIES[lang].claim as { reasons: Record<string, string> }).reasons;
      for (const r of REPLACE_REASONS) expect(reasons[r]?.length, `${lang} ${r}`).toBeGreaterThan(10);
      expect(reasons.moreThan3Chips).toContain(String(MAX_REPAIRABLE_CHIPS));
    }
  });
});

describe('the recommendation step 4 shows while the questions are answered (issue 13: none before an answer allows one)', () => {
  const ALL = PROBLEM_QUESTIONS.map((q) => q.id);
  const shown = (chips: number, answers: ProblemAnswers, asked: readonly string[] = ALL, tempered = false) =>
    shownRecommendation(repairGuidance({ tempered, numberOfChipsOrCracks: chips, answers }), asked, answers as Record<string, boolean | undefined>);

  it('shows nothing before any answer, and nothing while a question is still open and every answer so far is no', () => {
    expect(shown(1, {})).toBeNull();
    expect(shown(1, { shattered: false, crackOver6Inches: false })).toBeNull();
    expect(shown(2, { shattered: false, crackOver6Inches: false, inDriverView: false, inCameraArea: false })).toBeNull();
  });

  it('Repair once every question asked is answered no', () => {
    expect(shown(1, { shattered: false, crackOver6Inches: false, inDriverView: false, inCameraArea: false, edgeCrack: false })).toBe('Repair');
    // Only the questions asked count (side glass gets fewer; none asked decides at once).
    expect(shown(1, { shattered: false }, ['shattered'])).toBe('Repair');
    expect(shown(1, {}, [])).toBe('Repair');
  });

  it('Replace as soon as one answer calls for it, open questions or not', () => {
    for (const id of ALL) expect(shown(1, { [id]: true }), id).toBe('Replace');
  });

  it('Replace before any answer when the damage alone decides: more than 3 chips, tempered glass', () => {
    expect(shown(4, {})).toBe('Replace');
    expect(shown(1, {}, ['shattered'], true)).toBe('Replace');
  });
});
