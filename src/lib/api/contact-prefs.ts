/**
 * The agent's contact preferences (issue 6; spec section 3 "agent notification prefs", section 7
 * User/UpdateUserAgentContactPrefs): the alerts new claims start with and the phone for text alerts.
 * A file apart from user.ts: user.ts ships with every dashboard page, these only with the pages that
 * use them (docs/decisions/005 and 010).
 */
import { z } from 'zod/mini';
import { MESSAGES, rules } from '../claim/validation.ts';
import { CLAIM_ROLES } from '../roles.ts';
import { body, defineCall, field, maybe, query } from './contract.ts';

/** The agent's alerts (spec section 3: agent notification prefs), the names of the referral's Agent.Notifications. */
export const ALERT_FLAGS = {
  PolicyholderContactText: z.boolean(),
  PolicyholderContactEmail: z.boolean(),
  ServiceScheduledText: z.boolean(),
  ServiceScheduledEmail: z.boolean(),
  ServiceCompleteText: z.boolean(),
  ServiceCompleteEmail: z.boolean(),
  SurveyCompleteText: z.boolean(),
  SurveyCompleteEmail: z.boolean(),
};

/**
 * The caller's contact preferences: the alerts new claims start with, the phone for text alerts (shown
 * NNN-NNN-NNNN) and the address for email alerts (the account's email unless another was saved).
 */
export const AgentContactPrefsSchema = z.object({ ...ALERT_FLAGS, AgentPhoneNo: z.nullable(z.string()), AgentEmail: z.optional(z.nullable(z.string())) });
export type AgentContactPrefs = z.infer<typeof AgentContactPrefsSchema>;

/** The caller's own user id, when a call names it (anyone else's → 403); the shape of GetUserDetails' userId. */
const OwnUserIdSchema = z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId')));

/** The caller's contact preferences (every alert off and no phone until saved). */
export const GetUserAgentContactPrefs = defineCall({
  name: 'GetUserAgentContactPrefs',
  method: 'GET',
  path: 'User/GetUserAgentContactPrefs',
  request: query({ userId: OwnUserIdSchema }),
  result: AgentContactPrefsSchema,
  access: CLAIM_ROLES,
  mutates: false,
});

/**
 * Saves the caller's contact preferences; a text alert needs the agent's phone ('Please enter a phone number'),
 * an email alert an address ('Please enter an email address'; absent: the account's email). Answers with what
 * was saved.
 */
export const UpdateUserAgentContactPrefs = defineCall({
  name: 'UpdateUserAgentContactPrefs',
  method: 'POST',
  path: 'User/UpdateUserAgentContactPrefs',
  request: body({ UserId: OwnUserIdSchema, ...ALERT_FLAGS, AgentPhoneNo: maybe(field(rules.optionalPhone, 20)), AgentEmail: maybe(field(rules.optionalEmail, 254)) }).check(
    z.superRefine((v, ctx) => {
      const text = v.PolicyholderContactText || v.ServiceScheduledText || v.ServiceCompleteText || v.SurveyCompleteText;
      if (text && !v.AgentPhoneNo) ctx.issues.push({ code: 'custom', path: ['AgentPhoneNo'], message: MESSAGES.contactPhone, input: v.AgentPhoneNo });
      const email = v.PolicyholderContactEmail || v.ServiceScheduledEmail || v.ServiceCompleteEmail || v.SurveyCompleteEmail;
      // Absent: the account's email (older callers); sent empty: the spec's message.
      if (email && v.AgentEmail !== undefined && !v.AgentEmail) ctx.issues.push({ code: 'custom', path: ['AgentEmail'], message: MESSAGES.contactEmail, input: v.AgentEmail });
    }),
  ),
  result: AgentContactPrefsSchema,
  access: CLAIM_ROLES,
  mutates: true,
});
