import { atom } from 'nanostores';
import type { GlassPart, Quote } from '../lib/api/quick-quote.ts';
import type { GlassGroup, RepairOrReplace } from '../lib/claim/glass.ts';
import { CLAIM_FLOW_KEY } from '../lib/constants.ts';

export { CLAIM_FLOW_KEY };
export { $claimProgress } from './user.ts';

/** How the vehicle is chosen on step 2: by VIN (default), year/make/model/style, or as a big truck. */
export type VehicleSelectionMethod = 'VIN' | 'YMMS' | 'BigTruck';

/** A yes/no question of steps 4 and 6. */
export interface FlowQuestion {
  QuestionId: string;
  Text: string;
}

/** The appointment page (spec section 3: appointmentOptionDetails and the agent's notification preferences). */
export interface AppointmentDetails {
  SchedulingOption: string;
  PreferredContactMethod: string;
  TextCheckBox: boolean;
  /** Exclude the provider's own shops (InsuredProviderPreference = EXCLUDE_SHOPS_FLAG). */
  ExcludeShops: boolean;
  /** The chosen shop when SchedulingOption is 'ScheduleAtShop'. */
  ShopId: string;
  ShopName: string;
  PolicyholderContactText: boolean;
  PolicyholderContactEmail: boolean;
  ServiceScheduledText: boolean;
  ServiceScheduledEmail: boolean;
  ServiceCompleteText: boolean;
  ServiceCompleteEmail: boolean;
  SurveyCompleteText: boolean;
  SurveyCompleteEmail: boolean;
  AgentPhoneNo: string;
}

/** The insurance claim details (spec section 3: insuranceClaimDetails). */
export interface InsuranceClaimDetails {
  policyNumber: string;
  firstName: string;
  lastName: string;
  emailId: string;
  carrier: string;
  deductible: string;
  phoneNumber: string;
}

/** The additional details (spec section 3: additionalDetails). */
export interface AdditionalDetails {
  streetAddress: string;
  city: string;
  selectedState: string;
  zipCode: string;
  damageDate: string;
  anyOther: string;
}

/** The claim (or cash quote) flow of one tab: the cash quote info of spec section 3 and the claim pages. */
export interface ClaimFlow {
  mode: 'claim' | 'quote';
  /** The step start-claim shows (1-7). */
  step: number;
  // Step 1: policyholder location.
  ZipCode: string;
  City: string;
  State: string;
  /** null until ValidateProviderService answered for ZipCode. */
  IsServiced: boolean | null;
  ServiceRadiusMiles: number | null;
  ClosestShopMiles: number | null;
  // Step 2: vehicle selection.
  VehicleSelectionMethod: VehicleSelectionMethod;
  Vin: string;
  Year: number | null;
  Make: string;
  Model: string;
  Style: string;
  CarId: number | null;
  IsBigTruck: boolean;
  // Step 3: vehicle damage (GetGlassOptionsByCarId for GlassCarId).
  GlassCarId: number | null;
  AvailableGlass: GlassGroup[];
  Parts: GlassPart[];
  SelectedGlassGroups: GlassGroup[];
  RepairOrReplace: RepairOrReplace | '';
  /** -1 = not chosen; 4 = more than 3. */
  NumberOfChipsOrCracks: number;
  // Step 4: problem questions (null until loaded for the current groups and repair/replace).
  ProblemQuestions: FlowQuestion[] | null;
  ProblemAnswers: Record<string, boolean>;
  /** True when the flow switched Repair to Replace because of the answers. */
  AutoReplaced: boolean;
  /** Set by the dashboard's quick start: steps 1 and 2 check its ZIP and VIN on arrival and move on (once). */
  AutoStart?: boolean;
  // Step 5: the exact pieces of the non-windshield groups.
  ChosenParts: string[];
  // Step 6: problem property questions for the windshield candidates (null until loaded for PropertyFor).
  PropertyQuestions: FlowQuestion[] | null;
  PropertyFor: string;
  PropertyAnswers: Record<string, boolean>;
  // Step 7.
  Quote: Quote | null;
  /** The deductible the step-7 quote was priced with ('' = none). */
  QuoteDeductible: string;
  appointment: AppointmentDetails;
  insuranceClaimDetails: InsuranceClaimDetails;
  additionalDetails: AdditionalDetails;
  /** The appointment and claim-details pages passed their checks (the review lists what is not done). */
  appointmentDone: boolean;
  detailsDone: boolean;
  /** CreateReferral's Idempotency-Key: made once per review; a new one only when the submission changes. */
  idempotencyKey: string | null;
  /** The submission (JSON) the key was made for. */
  idempotencyFor: string;
  /** The filed referral (the success page shows it) with the total the server priced. */
  referral: { ReferralNumber: string; WorkOrderId: string; Total: number; PolicyholderPays: number } | null;
}

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
