import { atom } from 'nanostores';
import type { ClaimFlow } from '../lib/claim/flow-state.ts';
import { CLAIM_FLOW_KEY } from '../lib/constants.ts';

export { CLAIM_FLOW_KEY };
export { $claimProgress, $claimStage } from './user.ts';
export type { AdditionalDetails, AppointmentDetails, ClaimFlow, FlowQuestion, InsuranceClaimDetails, VehicleSelectionMethod } from '../lib/claim/flow-state.ts';

/** A fresh flow. */
export function newClaimFlow(mode: ClaimFlow['mode'] = 'claim'): ClaimFlow {
  return {
    mode,
    step: 1,
    ZipCode: '',
    City: '',
    State: '',
    IsServiced: null,
    ServiceRadiusMiles: null,
    ClosestShopMiles: null,
    VehicleSelectionMethod: 'VIN',
    Vin: '',
    Year: null,
    Make: '',
    Model: '',
    Style: '',
    CarId: null,
    IsBigTruck: false,
    GlassCarId: null,
    AvailableGlass: [],
    Parts: [],
    SelectedGlassGroups: [],
    RepairOrReplace: '',
    NumberOfChipsOrCracks: -1,
    ProblemQuestions: null,
    ProblemAnswers: {},
    AutoReplaced: false,
    ChosenParts: [],
    PropertyQuestions: null,
    PropertyFor: '',
    PropertyAnswers: {},
    Quote: null,
    QuoteDeductible: '',
    appointment: {
      SchedulingOption: '',
      // Most policyholders are reached by phone: the common answer is chosen (the agent can change it).
      PreferredContactMethod: 'Phone',
      TextCheckBox: false,
      ExcludeShops: false,
      ShopId: '',
      ShopName: '',
      PolicyholderContactText: false,
      PolicyholderContactEmail: false,
      ServiceScheduledText: false,
      ServiceScheduledEmail: false,
      ServiceCompleteText: false,
      ServiceCompleteEmail: false,
      SurveyCompleteText: false,
      SurveyCompleteEmail: false,
      AgentPhoneNo: '',
    },
    insuranceClaimDetails: { policyNumber: '', firstName: '', lastName: '', emailId: '', carrier: '', deductible: '', phoneNumber: '' },
    additionalDetails: { streetAddress: '', city: '', selectedState: '', zipCode: '', damageDate: '', anyOther: '' },
    appointmentDone: false,
    detailsDone: false,
    idempotencyKey: null,
    idempotencyFor: '',
    referral: null,
  };
}

/** The fresh values of some fields: what a changed earlier answer resets (one place for the defaults). */
export function freshFields<K extends keyof ClaimFlow>(keys: readonly K[]): Pick<ClaimFlow, K> {
  const fresh = newClaimFlow();
  return Object.fromEntries(keys.map((k) => [k, fresh[k]])) as Pick<ClaimFlow, K>;
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function load(): ClaimFlow {
  try {
    const raw = storage()?.getItem(CLAIM_FLOW_KEY);
    if (raw) {
      const base = newClaimFlow();
      const saved = JSON.parse(raw) as Partial<ClaimFlow>;
      return {
        ...base,
        ...saved,
        appointment: { ...base.appointment, ...saved.appointment },
        insuranceClaimDetails: { ...base.insuranceClaimDetails, ...saved.insuranceClaimDetails },
        additionalDetails: { ...base.additionalDetails, ...saved.additionalDetails },
      };
    }
  } catch {
    /* unreadable: start over */
  }
  return newClaimFlow();
}

/** The claim flow of this tab, kept in sessionStorage across the flow's pages. */
export const $claimFlow = atom<ClaimFlow>(load());

function save(flow: ClaimFlow): void {
  $claimFlow.set(flow);
  try {
    storage()?.setItem(CLAIM_FLOW_KEY, JSON.stringify(flow));
  } catch {
    /* storage full or blocked: the flow still works on this page */
  }
}

/** Changes the flow (and keeps it for the tab). */
export function updateClaim(patch: Partial<ClaimFlow>): void {
  save({ ...$claimFlow.get(), ...patch });
}

/** Starts a new flow ('claim' or 'quote'). */
export function resetClaimFlow(mode: ClaimFlow['mode'] = 'claim'): void {
  save(newClaimFlow(mode));
}

/** Forgets the flow (leaving the claim-flow pages, or after filing). */
export function clearClaimFlow(): void {
  $claimFlow.set(newClaimFlow());
  try {
    storage()?.removeItem(CLAIM_FLOW_KEY);
  } catch {
    /* no storage */
  }
}
