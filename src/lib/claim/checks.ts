/** The checks of the claim pages (appointment, claim details), in screen order, with the spec's messages. */
import type { ContactMethod, SchedulingOption } from '../api/quick-submit.ts';
import { ZERO_DEDUCTIBLE_WINDSHIELD_STATES } from '../constants.ts';
import type { ClaimFlow } from './flow-state.ts';
import { MESSAGES, requiredMessage, rules } from './validation.ts';

/** The scheduling options and contact methods of the order submission (the contract's values; kept here so the pages need not load the contract). */
export const SCHEDULING_OPTIONS = ['CallPolicyholder', 'PolicyholderCalls', 'ScheduleAtShop'] as const satisfies readonly SchedulingOption[];
export const CONTACT_METHODS = ['Phone', 'Text', 'Email'] as const satisfies readonly ContactMethod[];
// Compile-time: every value of the contract is offered.
export type AllOffered = [Exclude<SchedulingOption, (typeof SCHEDULING_OPTIONS)[number]> | Exclude<ContactMethod, (typeof CONTACT_METHODS)[number]>] extends [never] ? true : never;
true satisfies AllOffered;

/** A field check: the field's id and its message (null when fine), in screen order. */
export type Check = readonly [string, string | null];

/** Whether any text alert of the agent is on (then the agent's phone is needed). */
export const textAlerts = (a: ClaimFlow['appointment']) =>
  a.PolicyholderContactText || a.ServiceScheduledText || a.ServiceCompleteText || a.SurveyCompleteText;

/** The appointment page's checks (ids are the fields' ids). */
export function appointmentChecks(f: ClaimFlow): Check[] {
  const a = f.appointment;
  return [
    ['scheduling', a.SchedulingOption ? null : MESSAGES.schedulingOption],
    ['shop', a.SchedulingOption === 'ScheduleAtShop' && !a.ShopId ? requiredMessage('shop name') : null],
    ['contact', a.PreferredContactMethod ? null : MESSAGES.contactMethod],
    ['text-consent', a.PreferredContactMethod === 'Text' && !a.TextCheckBox ? MESSAGES.textConsent : null],
    ['agent-phone', (textAlerts(a) ? rules.phone : rules.optionalPhone)(a.AgentPhoneNo)],
  ];
}

/** The claim-details page's checks (ids are the fields' ids). The email is required when it is the contact method. */
export function detailsChecks(f: ClaimFlow): Check[] {
  const i = f.insuranceClaimDetails;
  const d = f.additionalDetails;
  return [
    ['policy-number', rules.required('policy number')(i.policyNumber)],
    ['first-name', rules.name('first name')(i.firstName)],
    ['last-name', rules.name('last name')(i.lastName)],
    ['email', (f.appointment.PreferredContactMethod === 'Email' ? rules.email : rules.optionalEmail)(i.emailId)],
    ['carrier', rules.required('carrier')(i.carrier)],
    ['deductible', rules.amount('deductible')(i.deductible)],
    ['phone', rules.phone(i.phoneNumber)],
    ['street', rules.required('street address')(d.streetAddress)],
    ['city', rules.required('city')(d.city)],
    ['state', rules.state(d.selectedState)],
    ['zip-code', rules.zip(d.zipCode)],
    ['damage-date', rules.damageDate(d.damageDate)],
  ];
}

/** Whether state law waives the deductible for this claim: a windshield in a zero-deductible state (the policyholder's, step 1). */
export const zeroDeductible = (f: Pick<ClaimFlow, 'SelectedGlassGroups' | 'State'>) =>
  f.SelectedGlassGroups.includes('Windshield') && ZERO_DEDUCTIBLE_WINDSHIELD_STATES.includes(f.State);

/**
 * The deductible the claim-details page opens with. Where state law waives it (the page says so under the field)
 * it is 0, also when a deductible was typed on the quote step or prefilled from it before the ZIP changed; a
 * deductible the agent typed on this page stays. Elsewhere: what is there, else the quote step's.
 */
export function openingDeductible(f: Pick<ClaimFlow, 'SelectedGlassGroups' | 'State' | 'QuoteDeductible' | 'insuranceClaimDetails'>): string {
  const current = f.insuranceClaimDetails.deductible;
  if (zeroDeductible(f)) return current && current !== f.QuoteDeductible ? current : '0';
  return current || f.QuoteDeductible;
}
