// The claim flow's step rules (src/lib/claim/flow.ts): which steps ask for the answers given so far, and the
// pieces chosen on the way when a group has only one.
import { describe, expect, it } from 'vitest';
import type { GlassPart } from '../../src/lib/api/quick-quote.ts';
import { autoChosenParts, firstIncomplete, needsPartsStep, needsProblemStep, skipsStep, STAGE, stageProgress } from '../../src/lib/claim/flow.ts';
import { stageStates } from '../../src/lib/claim/stages.ts';
import { openingDeductible, zeroDeductible } from '../../src/lib/claim/checks.ts';
import { windshieldPart } from '../../src/lib/claim/parts.ts';
import { impliedFeatures } from '../../src/lib/claim/questions.ts';
import { newClaimFlow, type ClaimFlow } from '../../src/stores/claim.ts';

const part = (PartNumber: string, Group: GlassPart['Group'], Features: GlassPart['Features'] = []): GlassPart => ({
  PartNumber,
  Group,
  Location: Group === 'Windshield' ? 'Windshield' : Group === "Driver's side" ? "Driver's side" : 'Back glass',
  GlassType: Group === 'Windshield' ? 'Windshield' : Group === 'Back glass' ? 'Back glass' : 'Door',
  Description: PartNumber,
  Tint: 'Green',
  Features,
  Recalibration: 'none',
  Tempered: Group !== 'Windshield',
});

/** A flow at step 3 done for a car with one windshield, two driver's-side pieces and one back glass. */
function flow(patch: Partial<ClaimFlow>): ClaimFlow {
  return {
    ...newClaimFlow(),
    ZipCode: '33602',
    City: 'Tampa',
    State: 'FL',
    IsServiced: true,
    CarId: 7,
    GlassCarId: 7,
    Parts: [part('FW1', 'Windshield'), part('DD1', "Driver's side"), part('DD2', "Driver's side"), part('DB1', 'Back glass')],
    ...patch,
  };
}

describe('claim flow steps', () => {
  it('the problem questions (step 4) are asked for a repair only, and kept when the answers switched it to a replacement', () => {
    expect(needsProblemStep(flow({ RepairOrReplace: 'Repair' }))).toBe(true);
    expect(needsProblemStep(flow({ RepairOrReplace: 'Replace' }))).toBe(false);
    expect(needsProblemStep(flow({ RepairOrReplace: 'Replace', AutoReplaced: true }))).toBe(true);
    // A replacement is complete past step 4 without questions; a repair waits for its answers.
    expect(firstIncomplete(flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace' }))).toBe(7);
    expect(firstIncomplete(flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Repair', NumberOfChipsOrCracks: 1 }))).toBe(4);
  });

  it('the parts step (5) asks only when a chosen side, back or roof group has several pieces', () => {
    expect(needsPartsStep(flow({ SelectedGlassGroups: ['Windshield'] }))).toBe(false);
    expect(needsPartsStep(flow({ SelectedGlassGroups: ['Windshield', 'Back glass'] }))).toBe(false);
    expect(needsPartsStep(flow({ SelectedGlassGroups: ["Driver's side"] }))).toBe(true);
    expect(skipsStep(flow({ SelectedGlassGroups: ['Back glass'], RepairOrReplace: 'Replace' }), 5)).toBe(true);
  });

  it('a group with a single piece has it chosen; chosen pieces are kept and not repeated', () => {
    expect(autoChosenParts(flow({ SelectedGlassGroups: ['Windshield', 'Back glass', "Driver's side"] }))).toEqual(['DB1']);
    expect(autoChosenParts(flow({ SelectedGlassGroups: ['Back glass'], ChosenParts: ['DB1'] }))).toEqual(['DB1']);
    expect(autoChosenParts(flow({ SelectedGlassGroups: ["Driver's side"], ChosenParts: ['DD2'] }))).toEqual(['DD2']);
  });

  it('the property step (6) asks only when several windshields fit', () => {
    const one = flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace' });
    expect(skipsStep(one, 6)).toBe(true);
    const two = flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace', Parts: [part('FW1', 'Windshield'), part('FW2', 'Windshield', ['lane camera'])] });
    expect(skipsStep(two, 6)).toBe(false);
    expect(firstIncomplete(two)).toBe(6);
  });
});

describe('the stepper (issue 13: a named stage on every page, mapped to the progress bar)', () => {
  it('a new claim shows the first stage current and the other ten still to come', () => {
    expect(stageStates(newClaimFlow(), 1)).toEqual(['current', ...Array<string>(10).fill('next')]);
    // A cash quote ends at the policyholder quote: eight stages.
    expect(stageStates(newClaimFlow('quote'), 1)).toHaveLength(8);
  });

  it('answered steps are done, steps with nothing to ask are skipped once the damage is known, the current one is current', () => {
    const replace = flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace', Quote: null });
    // Step 3 answered with a windshield replacement: 4 (repair questions), 5 (side pieces) and 6 (one windshield) ask nothing.
    expect(stageStates(replace, 7)).toEqual(['done', 'done', 'done', 'skipped', 'skipped', 'skipped', 'current', 'next', 'next', 'next', 'next']);
    // Before the damage is answered nothing is called skipped.
    expect(stageStates(flow({}), 3).slice(3, 6)).toEqual(['next', 'next', 'next']);
    // A repair asks step 4.
    const repair = flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Repair', NumberOfChipsOrCracks: 1 });
    expect(stageStates(repair, 4)[3]).toBe('current');
  });

  it('the pages after the quote are done when their answers are in', () => {
    const f = flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace', appointmentDone: true, detailsDone: true });
    expect(stageStates(f, STAGE.review).slice(7)).toEqual(['done', 'done', 'done', 'current']);
    expect(stageStates({ ...f, appointmentDone: false, detailsDone: false }, STAGE.appointment).slice(7)).toEqual(['done', 'current', 'next', 'next']);
  });

  it('each stage maps to a percent of the progress bar that only goes up, from 5 to 95, and 100 once filed', () => {
    const percents = Array.from({ length: 12 }, (_, i) => stageProgress(i + 1));
    expect(percents[0]).toBe(5);
    expect(percents[STAGE.review - 1]).toBe(95);
    expect(percents[11]).toBe(100);
    percents.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(percents[i]!));
  });
});

describe('step 6 starts from what step 4 said (issue 13: no no-camera windshield after damage in front of the camera)', () => {
  const windshields = [part('FW-PLAIN', 'Windshield'), part('FW-CAM', 'Windshield', ['lane camera']), part('FW-CAM-RAIN', 'Windshield', ['lane camera', 'rain sensor'])];
  /** Step 6 as PartSteps starts it: every question asked, the implied features ticked, the rest a No. */
  const atStep6 = (problem: Record<string, boolean>) => {
    const f = flow({ SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace', AutoReplaced: true, ProblemAnswers: problem, Parts: windshields });
    const ticked: readonly string[] = impliedFeatures(problem);
    const asked = ['lane camera', 'rain sensor'];
    return { ...f, PropertyFor: `${f.CarId}:${windshields.map((p) => p.PartNumber).join(',')}`, PropertyQuestions: asked.map((id) => ({ QuestionId: id, Text: id })), PropertyAnswers: Object.fromEntries(asked.map((id) => [id, ticked.includes(id)])) };
  };

  it('damage in front of the camera: the camera is ticked and the windshield matched has one', () => {
    expect(impliedFeatures({ inCameraArea: true })).toEqual(['lane camera']);
    const f = atStep6({ shattered: false, crackOver6Inches: false, inDriverView: false, inCameraArea: true, edgeCrack: false });
    expect(f.PropertyAnswers).toEqual({ 'lane camera': true, 'rain sensor': false });
    expect(windshieldPart(f)?.PartNumber).toBe('FW-CAM');
  });

  it("'no' or no answer tells nothing: nothing is ticked", () => {
    expect(impliedFeatures({ inCameraArea: false })).toEqual([]);
    expect(impliedFeatures({})).toEqual([]);
    expect(windshieldPart(atStep6({ inCameraArea: false, inDriverView: true }))?.PartNumber).toBe('FW-PLAIN');
  });
});

describe('the deductible claim details open with (issue 13: agrees with the zero-deductible hint)', () => {
  const at = (State: string, groups: ClaimFlow['SelectedGlassGroups'], QuoteDeductible: string, deductible = '') =>
    openingDeductible({ ...flow({ State, SelectedGlassGroups: groups, QuoteDeductible }), insuranceClaimDetails: { ...newClaimFlow().insuranceClaimDetails, deductible } });

  it('a windshield in Florida, Kentucky or South Carolina: 0, even when 500 was typed on the quote step', () => {
    for (const state of ['FL', 'KY', 'SC']) {
      expect(zeroDeductible({ State: state, SelectedGlassGroups: ['Windshield'] }), state).toBe(true);
      expect(at(state, ['Windshield'], '500'), state).toBe('0');
      expect(at(state, ['Windshield'], ''), state).toBe('0');
    }
    // Prefilled with the quote's 500 before the ZIP moved to Florida: back to 0.
    expect(at('FL', ['Windshield', "Driver's side"], '500', '500')).toBe('0');
  });

  it('a deductible typed on the claim details page stays', () => {
    expect(at('FL', ['Windshield'], '500', '250')).toBe('250');
    expect(at('CO', ['Windshield'], '500', '250')).toBe('250');
  });

  it('elsewhere, or without a windshield: the quote step’s deductible, or nothing', () => {
    expect(zeroDeductible({ State: 'CO', SelectedGlassGroups: ['Windshield'] })).toBe(false);
    expect(zeroDeductible({ State: 'FL', SelectedGlassGroups: ['Back glass'] })).toBe(false);
    expect(at('CO', ['Windshield'], '500')).toBe('500');
    expect(at('FL', ['Back glass'], '500')).toBe('500');
    expect(at('CO', ['Windshield'], '')).toBe('');
  });
});

describe('claim messages in the reader language (validation.ts messageOf)', () => {
  it('finds the code of a spec message and of "The X field is required", none for other texts', async () => {
    const { messageOf, MESSAGES, requiredMessage } = await import('../../src/lib/claim/validation.ts');
    const { translatorFor } = await import('../../src/lib/i18n/all.ts');
    const es = translatorFor('es');
    const en = translatorFor('en');
    expect(messageOf(MESSAGES.zipInvalid)).toEqual({ message: MESSAGES.zipInvalid, code: 'zipInvalid' });
    expect(messageOf(MESSAGES.phoneRequired).code).toBe('phoneRequired');
    expect(messageOf(requiredMessage('first name'))).toEqual({ message: 'The first name field is required', code: 'required', params: { field: 'first name' } });
    expect(messageOf('Please choose the damaged glass.').code).toBeUndefined();
    expect(en.message(messageOf(requiredMessage('first name')))).toBe('The first name field is required');
    expect(es.message(messageOf(requiredMessage('first name')))).toBe('El campo nombre es obligatorio');
    expect(es.message(messageOf(MESSAGES.zipInvalid))).toBe('Ingrese un código postal válido.');
    expect(es('claim.stepOf', { n: 3, total: 7 })).toBe('Paso 3 de 7');
  });

  it('finds the codes of the VIN rule\'s messages, so a refused VIN reads in Spanish too', async () => {
    const { messageOf } = await import('../../src/lib/claim/validation.ts');
    const { validateVin } = await import('../../src/lib/claim/vin.ts');
    const { translatorFor } = await import('../../src/lib/i18n/all.ts');
    const es = translatorFor('es');
    const refusal = (vin: string) => {
      const r = validateVin(vin);
      if (r.ok) throw new Error(`${vin} passed`);
      return messageOf(r.message);
    };
    expect(refusal('4T1AAAB19LA100001').code).toBe('vinCheckDigit');
    expect(refusal('4T1AAAB1OLA100001').code).toBe('vinCharacters');
    expect(refusal('4T1AAAB19').code).toBe('vinLength');
    expect(es.message(refusal('4T1AAAB19LA100001'))).toBe('Este VIN no es válido: su dígito de control no coincide. Revíselo.');
  });
});
