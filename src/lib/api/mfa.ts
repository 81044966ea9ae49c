/**
 * Two-step sign-in (issue 14): TOTP enrolment and recovery codes in manage-account, and the sign-in step that
 * asks for a code. A file apart from user.ts: these ship only with the chunks that use them (docs/decisions/005).
 * docs/decisions/021-multi-factor-sign-in.md.
 *
 * - User/GetMfaStatus: whether the caller has turned two-step sign-in on, since when, how many recovery codes
 *   are left, and whether their role requires it.
 * - User/StartTotpEnrollment: a new secret (as text and as a QR code) the server keeps for ten minutes.
 * - User/ConfirmTotpEnrollment: the first code from the app turns it on; answers the ten recovery codes (shown once).
 * - User/RegenerateRecoveryCodes: ten new codes (the old ones stop working), with a current code or the password.
 * - User/DisableTotp: turns it off, with a current code or the password; refused when the role requires it.
 */
import { z } from 'zod/mini';
import { body, defineCall, query, SIGNED_IN } from './contract.ts';

/** The messages of two-step sign-in (server replies; codes in src/lib/i18n/en/messages.ts, block "MFA"). */
export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryFormat: 'Enter a recovery code like abcd-efgh-ijkl-mnop.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  codeReused: 'That code was already used. Wait for the next code and try again.',
  recoveryWrong: 'That recovery code is not valid or was already used.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  tooManyChecks: 'Too many wrong codes or passwords. Please wait a few minutes and try again.',
  passwordWrong: 'The password is incorrect.',
  proofRequired: 'Enter a code from your authenticator app or your password.',
  required: 'Two-step sign-in is required for your role and cannot be turned off.',
  notEnrolled: 'Two-step sign-in is not on.',
  alreadyEnrolled: 'Two-step sign-in is already on.',
  setupExpired: 'The setup expired. Please start again.',
} as const;

/** A TOTP code as typed: six digits (spaces allowed between them). */
export const TotpCodeSchema = z.string().check(
  z.overwrite((v) => v.replace(/\s/g, '')),
  z.regex(/^\d{6}$/, MFA_MESSAGES.codeFormat),
);
/** A recovery code as typed: sixteen letters and digits 2–7, in any case, dashes and spaces allowed. */
export const RecoveryCodeSchema = z.string().check(
  z.maxLength(40, MFA_MESSAGES.recoveryFormat),
  z.overwrite((v) => v.toLowerCase().replace(/[\s-]/g, '')),
  z.regex(/^[a-z2-7]{16}$/, MFA_MESSAGES.recoveryFormat),
);

/** The sign-in step's body (POST /oidc/interaction/:uid/mfa): a TOTP code or a recovery code, not both. */
export const MfaStepRequestSchema = z
  .strictObject({ code: z.optional(TotpCodeSchema), recoveryCode: z.optional(RecoveryCodeSchema) })
  .check(z.refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { message: MFA_MESSAGES.codeFormat, path: ['code'] }));
export type MfaStepRequest = z.infer<typeof MfaStepRequestSchema>;

/** What the password (or ticket) step answers when a second step is needed. */
export type MfaChallenge =
  | { mfa: 'totp' }
  /** The role requires two-step sign-in and the user has not enrolled: enrol now (the secret as text and as a QR code). */
  | { mfa: 'enroll'; enrollment: { secret: string; uri: string; qrCode: string } };

/** The second step's answer: where the browser goes, and (after enrolling at sign-in) the recovery codes to show once. */
export interface MfaStepReply {
  redirectTo: string;
  recoveryCodes?: string[];
}

/** The interaction path of the second step. */
export const mfaStepPath = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/mfa`;

/** The proof a change needs: a current code or the account password (exactly one). */
const proof = {
  Code: z.optional(TotpCodeSchema),
  Password: z.optional(z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Must be at most 256 characters'))),
};
const oneProof = z.refine<{ Code?: string; Password?: string }>((v) => (v.Code === undefined) !== (v.Password === undefined), { message: MFA_MESSAGES.proofRequired, path: ['Code'] });

/** The caller's two-step sign-in state. */
export const MfaStatusSchema = z.object({
  Enrolled: z.boolean(),
  EnrolledAt: z.nullable(z.string()),
  RecoveryCodesLeft: z.number(),
  /** True when the caller's role requires two-step sign-in (it cannot be turned off). */
  Required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** Ten recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ RecoveryCodes: z.array(z.string()) });

export const GetMfaStatus = defineCall({
  name: 'GetMfaStatus',
  method: 'GET',
  path: 'User/GetMfaStatus',
  request: query({}),
  result: MfaStatusSchema,
  access: SIGNED_IN,
  mutates: false,
});

/** A new TOTP secret for the caller (kept ten minutes on the server until confirmed). Refused when already enrolled. */
export const StartTotpEnrollment = defineCall({
  name: 'StartTotpEnrollment',
  method: 'POST',
  path: 'User/StartTotpEnrollment',
  request: body({}),
  result: z.object({ Secret: z.string(), OtpAuthUri: z.string(), QrCode: z.string() }),
  access: SIGNED_IN,
  mutates: true,
});

/** Turns two-step sign-in on with the first code of the started secret; answers the ten recovery codes. */
export const ConfirmTotpEnrollment = defineCall({
  name: 'ConfirmTotpEnrollment',
  method: 'POST',
  path: 'User/ConfirmTotpEnrollment',
  request: body({ Code: TotpCodeSchema }),
  result: RecoveryCodesSchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Ten new recovery codes (the old ones stop working), with a current code or the password. */
export const RegenerateRecoveryCodes = defineCall({
  name: 'RegenerateRecoveryCodes',
  method: 'POST',
  path: 'User/RegenerateRecoveryCodes',
  request: body(proof).check(oneProof),
  result: RecoveryCodesSchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Turns two-step sign-in off (secret and recovery codes deleted), with a current code or the password. */
export const DisableTotp = defineCall({
  name: 'DisableTotp',
  method: 'POST',
  path: 'User/DisableTotp',
  request: body(proof).check(oneProof),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});
