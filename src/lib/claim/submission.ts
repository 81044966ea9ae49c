/**
 * The order submission CreateReferral takes, built from the flow, and its Idempotency-Key. The review page
 * loads this (and the CreateReferral contract) when the user submits.
 */
import type { OrderSubmission } from '../api/quick-submit.ts';
import { EXCLUDE_SHOPS_FLAG } from '../constants.ts';
import type { ClaimFlow } from './flow-state.ts';
import { answerKey, candidatesKey } from './flow.ts';
import { partNumbers } from './parts.ts';

/** An Idempotency-Key (a UUID; made from random bytes where randomUUID is missing, e.g. plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The order submission of a complete claim (spec section 3) for the active agency. */
export function orderSubmission(f: ClaimFlow, accountNumber: string, isCobranded: boolean): Omit<OrderSubmission, 'AppName'> {
  const a = f.appointment;
  const i = f.insuranceClaimDetails;
  const d = f.additionalDetails;
  const answers = (qs: ClaimFlow['ProblemQuestions'], given: Record<string, boolean>) =>
    Object.fromEntries((qs ?? []).filter((q) => typeof given[q.QuestionId] === 'boolean').map((q) => [answerKey(q.QuestionId), given[q.QuestionId]!]));
  return {
    AccountNumber: accountNumber,
    Agent: {
      CallType: 'Claim',
      SchedulingOption: a.SchedulingOption as OrderSubmission['Agent']['SchedulingOption'],
      InsuredProviderPreference: a.SchedulingOption === 'ScheduleAtShop' ? a.ShopId : a.ExcludeShops ? EXCLUDE_SHOPS_FLAG : null,
      IsCoBrandedSubmission: isCobranded,
      IsFromAgentPortal: true,
      Notifications: {
        PolicyholderContactText: a.PolicyholderContactText,
        PolicyholderContactEmail: a.PolicyholderContactEmail,
        ServiceScheduledText: a.ServiceScheduledText,
        ServiceScheduledEmail: a.ServiceScheduledEmail,
        ServiceCompleteText: a.ServiceCompleteText,
        ServiceCompleteEmail: a.ServiceCompleteEmail,
        SurveyCompleteText: a.SurveyCompleteText,
        SurveyCompleteEmail: a.SurveyCompleteEmail,
        AgentPhoneNo: a.AgentPhoneNo.trim() || null,
      },
    },
    Customer: {
      FirstName: i.firstName.trim(),
      LastName: i.lastName.trim(),
      Email: i.emailId.trim() || null,
      PhoneNumber: i.phoneNumber.trim(),
      PhoneNumberAlt: null,
      PreferredContactMethod: a.PreferredContactMethod as OrderSubmission['Customer']['PreferredContactMethod'],
      OptInSms: a.TextCheckBox,
    },
    Service: { Address: d.streetAddress.trim(), City: d.city.trim(), State: d.selectedState, ZipCode: d.zipCode.trim() },
    Vehicle: {
      Country: 'US',
      Year: f.Year ?? 0,
      Make: f.Make,
      Model: f.Model,
      BodyStyle: f.Style,
      CarId: f.CarId ?? 0,
      Vin: /^[A-HJ-NPR-Z0-9]{17}$/.test(f.Vin) ? f.Vin : null,
    },
    Insurance: {
      PolicyNumber: i.policyNumber.trim(),
      Carrier: i.carrier,
      Deductible: i.deductible.trim(),
      DamageDate: d.damageDate,
      AnyOther: d.anyOther.trim() || null,
    },
    Damage: {
      SelectedGlassGroups: f.SelectedGlassGroups,
      RepairOrReplace: f.RepairOrReplace || 'Replace',
      NumberOfChipsOrCracks: f.NumberOfChipsOrCracks,
      PartNumbers: partNumbers(f),
      ProblemAnswers: answers(f.ProblemQuestions, f.ProblemAnswers),
      PropertyAnswers: answers(f.PropertyFor === candidatesKey(f) ? f.PropertyQuestions : [], f.PropertyAnswers),
    },
  };
}
