/**
 * The parts of the claim: the windshield the property answers point to, the part numbers to price, the
 * chosen parts for display, and whether tempered glass is among them. Apart from flow.ts, which every
 * claim page loads, since only the later steps, the summaries and the submission need these.
 */
import type { GlassPart } from '../api/quick-quote.ts';
import type { ClaimFlow } from './flow-state.ts';
import { candidatesKey, windshieldCandidates } from './flow.ts';
import { matchParts } from './questions.ts';

/** The windshield of the claim: the only one, or the one matching the property answers best. */
export function windshieldPart(f: ClaimFlow): GlassPart | null {
  const c = windshieldCandidates(f);
  if (c.length < 2) return c[0] ?? null;
  const answers = f.PropertyFor === candidatesKey(f) ? f.PropertyAnswers : {};
  return matchParts(c.map((p) => ({ ...p, features: p.Features as readonly string[] })), answers)[0] ?? c[0]!;
}

/** The part numbers to price: the windshield and the ticked pieces of the other chosen groups. */
export function partNumbers(f: ClaimFlow): string[] {
  const w = windshieldPart(f);
  const others = f.ChosenParts.filter((n) => f.Parts.some((p) => p.PartNumber === n && p.Group !== 'Windshield' && f.SelectedGlassGroups.includes(p.Group)));
  return [...(w ? [w.PartNumber] : []), ...others];
}

/** The chosen parts (for display). */
export function chosenParts(f: ClaimFlow): GlassPart[] {
  const numbers = partNumbers(f);
  return f.Parts.filter((p) => numbers.includes(p.PartNumber));
}

/** Whether the tempered (side or back) glass is among the damaged glass. */
export function temperedChosen(f: ClaimFlow): boolean {
  return f.Parts.some((p) => p.Tempered && f.SelectedGlassGroups.includes(p.Group));
}
