/**
 * QuickSubmit/CreateReferral: the order-submission payload of spec section 3. The server re-checks every
 * field, takes the agent from the sign-in, re-prices from the catalog and needs an Idempotency-Key header.
 */
import { z } from 'zod/mini';
import { MESSAGES, requiredMessage, rules } from '../claim/validation.ts';
import { ALERT_FLAGS } from './contact-prefs.ts';
import { AgencyNumberSchema, between, body, field, defineCall, maybe, text } from './contract.ts';
import { CarIdNumber, CLAIM_ROLES, GlassGroupsSchema, ChipsSchema, PartNumberSchema, QuoteSchema, RepairOrReplaceSchema, ZipCodeSchema } from './quick-quote.ts';

/** The header a CreateReferral call must carry: the same key returns the same referral. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** What an idempotency key may look like (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** How the policyholder gets scheduled. */
export const SCHEDULING_OPTIONS = ['CallPolicyholder', 'PolicyholderCalls', 'ScheduleAtShop'] as const;
export type SchedulingOption = (typeof SCHEDULING_OPTIONS)[number];
/** How the policyholder prefers to be contacted. */
export const CONTACT_METHODS = ['Phone', 'Text', 'Email'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** The agent's alerts for this referral (spec section 3: agent notification preferences). */
export const NotificationSchema = z.strictObject({ ...ALERT_FLAGS, AgentPhoneNo: maybe(field(rules.optionalPhone, 20)) });
export type Notifications = z.infer<typeof NotificationSchema>;

/** Yes/no answers by key (the problem questions; the property questions by feature, camelCased). */
const answersOf = (keys: readonly string[]) => z.strictObject(Object.fromEntries(keys.map((k) => [k, z.optional(z.boolean())])));
const PROBLEM_KEYS = ['shattered', 'crackOver6Inches', 'inDriverView', 'inCameraArea', 'edgeCrack'] as const;
const PROPERTY_KEYS = ['laneCamera', 'rainSensor', 'heatedWiperArea', 'acoustic', 'headsUpDisplay'] as const;

export const OrderSubmissionSchema = body({
  AccountNumber: AgencyNumberSchema,
  Agent: z.strictObject({
    CallType: z.enum(['Claim']),
    SchedulingOption: z.enum(SCHEDULING_OPTIONS, MESSAGES.schedulingOption),
    /** A shop id, the exclude-shops flag ('ExcludeSafeliteShops'), or null for no preference. */
    InsuredProviderPreference: maybe(z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Invalid shop'))),
    IsCoBrandedSubmission: z.boolean(),
    /** True from this portal. */
    IsFromAgentPortal: z.boolean(),
    Notifications: NotificationSchema,
  }),
  Customer: z.strictObject({
    FirstName: field(rules.name('first name'), 50),
    LastName: field(rules.name('last name'), 50),
    Email: maybe(field(rules.optionalEmail, 254)),
    PhoneNumber: field(rules.phone, 20),
    PhoneNumberAlt: maybe(field(rules.optionalPhone, 20)),
    PreferredContactMethod: z.enum(CONTACT_METHODS, MESSAGES.contactMethod),
    OptInSms: z.boolean(),
  }),
  Service: z.strictObject({
    Address: field(rules.required('street address'), 120),
    City: field(rules.required('city'), 60),
    State: field(rules.state, 2),
    ZipCode: ZipCodeSchema,
  }),
  Vehicle: z.strictObject({
    Country: z.enum(['US']),
    Year: z.number().check(z.int(), between(1980, 2040, 'Invalid year')),
    Make: text(60),
    Model: text(80),
    BodyStyle: text(80),
    CarId: CarIdNumber,
    Vin: maybe(z.string().check(z.trim(), z.regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'A VIN has 17 characters.'))),
  }),
  Insurance: z.strictObject({
    PolicyNumber: field(rules.required('policy number'), 40),
    Carrier: field(rules.required('carrier'), 100),
    Deductible: field(rules.amount('deductible'), 20),
    DamageDate: field(rules.damageDate, 10),
    AnyOther: maybe(text(1000)),
  }),
  Damage: z.strictObject({
    SelectedGlassGroups: GlassGroupsSchema,
    RepairOrReplace: RepairOrReplaceSchema,
    NumberOfChipsOrCracks: ChipsSchema,
    PartNumbers: z.array(PartNumberSchema).check(z.minLength(1, 'Please choose the glass part.'), z.maxLength(12)),
    ProblemAnswers: answersOf(PROBLEM_KEYS),
    PropertyAnswers: answersOf(PROPERTY_KEYS),
  }),
}).check(
  z.superRefine((v, ctx) => {
    if (v.Customer.PreferredContactMethod === 'Email' && !v.Customer.Email) {
      ctx.issues.push({ code: 'custom', path: ['Customer', 'Email'], message: MESSAGES.emailRequired, input: v.Customer.Email });
    }
    if (v.Customer.PreferredContactMethod === 'Text' && !v.Customer.OptInSms) {
      ctx.issues.push({ code: 'custom', path: ['Customer', 'OptInSms'], message: MESSAGES.textConsent, input: v.Customer.OptInSms });
    }
    if (v.Agent.SchedulingOption === 'ScheduleAtShop' && !/^[A-Za-z0-9-]+$/.test(v.Agent.InsuredProviderPreference ?? '')) {
      ctx.issues.push({ code: 'custom', path: ['Agent', 'InsuredProviderPreference'], message: requiredMessage('shop name'), input: null });
    }
  }),
);
export type OrderSubmission = z.input<typeof OrderSubmissionSchema>;

/** Files the referral and its work order (status Received) in one transaction. */
export const CreateReferral = defineCall({
  name: 'CreateReferral',
  method: 'POST',
  path: 'QuickSubmit/CreateReferral',
  request: OrderSubmissionSchema,
  result: z.object({
    ReferralNumber: z.string(),
    WorkOrderId: z.string(),
    Status: z.string(),
    CreatedAt: z.string(),
    Quote: QuoteSchema,
  }),
  access: CLAIM_ROLES,
  mutates: true,
});
