/**
 * The claim (or cash quote) flow's state, as the claim store keeps it and the flow's rules read it. In src/lib
 * so the rules (flow.ts, checks.ts, parts.ts, submission.ts) need no store: src/lib imports nothing from
 * src/stores or src/islands.
 */
import type { GlassPart, Quote } from '../api/quick-quote.ts';
import type { GlassGroup, RepairOrReplace } from './glass.ts';

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
  /** The filed referral (the success page shows it) with the quote the server priced it at (the claim's deductible in). */
  referral: { ReferralNumber: string; WorkOrderId: string; Total: number; PolicyholderPays: number; Quote?: Quote } | null;
}
